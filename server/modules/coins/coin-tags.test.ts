import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import {
  openDatabaseBefore,
  openTestDatabase,
  type TestDatabaseHandle,
  testDatabaseTargets,
} from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { listArticles, upsertArticles } from "../articles/repository.ts";
import { backfillCoinTags, runCoinBackfill } from "../feeds/coin-backfill.ts";
import { CoinIndex } from "./coin-index.ts";
import { builtInCoins, coinPattern, detectCoins, readCoins, storeCoins } from "./coin-tags.ts";

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);
const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) =>
  testItem(id, hoursAgo, now, { title: `Story ${id}`, description: "", ...extra });
const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger;

describe("detecting an article's coins", () => {
  const index = builtInCoins();

  it("uses the analysis detector over title and description, most mentioned first", () => {
    expect(
      detectCoins(index, "Solana (SOL) rallies while Bitcoin waits", "SOL traders cheer; $SOL and BTC volumes rise"),
    ).toEqual(["SOL", "BTC"]);
    // Words that only look like coins are not tags.
    expect(detectCoins(index, "Ada Lovelace day", "A new solution for the SEC and the CEO")).toEqual([]);
  });

  it("keeps at most five tags, and only symbols a filter can ask for", () => {
    const title = "Markets: Bitcoin, Ethereum, Solana, XRP, Cardano, Dogecoin and Tron all rose";
    expect(detectCoins(index, title, "Dogecoin led")).toEqual(["DOGE", "BTC", "ETH", "SOL", "XRP"]);
    // A list coin whose symbol is longer than a tag may be is left out.
    const long = new CoinIndex([{ symbol: "ABCDEFGHIJKLMN", name: "Long Coin", solana: false }], "coin list");
    expect(detectCoins(long, "ABCDEFGHIJKLMN and SOL", "")).toEqual(["SOL"]);
  });

  it("stores tags between commas, reads them back, and matches one exactly", () => {
    expect(storeCoins(["BTC", "SOL"])).toBe(",BTC,SOL,");
    expect(storeCoins([])).toBe("");
    expect(readCoins(",BTC,SOL,")).toEqual(["BTC", "SOL"]);
    expect(readCoins("")).toEqual([]);
    expect(readCoins(null)).toEqual([]);
    expect(coinPattern("SOL")).toBe("%,SOL,%");
    for (const bad of ["sol", "S%L", "", "SOL,"]) expect(() => coinPattern(bad)).toThrow(/not a coin tag/);
  });
});

describe.each(testDatabaseTargets())("coin tags in the database on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase(target);
  });
  afterEach(async () => handle.dispose());

  const stored = async () =>
    handle.database.db.selectFrom("articles").select(["item_id", "coins", "updated_at"]).orderBy("item_id").execute();

  it("tags articles as they are inserted, and again when their title or description changes", async () => {
    const db = handle.database;
    await upsertArticles(
      db,
      "news",
      [item("a", 1, { title: "Solana hits a record" }), item("b", 2, { title: "Markets wrap" })],
      now,
    );
    expect(await stored()).toEqual([
      { item_id: "a", coins: ",SOL,", updated_at: now },
      { item_id: "b", coins: "", updated_at: now },
    ]);
    await upsertArticles(
      db,
      "news",
      [
        item("a", 1, { title: "Solana hits a record" }),
        item("b", 2, { title: "Markets wrap", description: "ETH and $BTC lead, ETH most" }),
      ],
      now + HOUR,
    );
    // The unchanged article is not rewritten; the changed one is tagged afresh.
    expect(await stored()).toEqual([
      { item_id: "a", coins: ",SOL,", updated_at: now },
      { item_id: "b", coins: ",ETH,BTC,", updated_at: now + HOUR },
    ]);
  });

  it("tags with the index it is given: a long-list coin only with the list", async () => {
    const list = new CoinIndex([{ symbol: "ONDO", name: "Ondo Finance", solana: false }], "coin list");
    await upsertArticles(handle.database, "news", [item("a", 1, { title: "ONDO jumps 20%" })], now, list);
    await upsertArticles(handle.database, "news", [item("b", 1, { title: "ONDO jumps 20%" })], now);
    expect((await stored()).map((row) => row.coins)).toEqual([",ONDO,", ""]);
  });

  it("lists only the articles tagged with a coin, exactly", async () => {
    const db = handle.database;
    await upsertArticles(
      db,
      "news",
      [
        item("a", 1, { title: "SOL and BTC" }),
        item("b", 2, { title: "Solana Saga phone" }),
        item("c", 3, { title: "MSOL staking grows" }),
        item("d", 4, { title: "Bitcoin only" }),
      ],
      now,
    );
    const ids = async (coin: string) => (await listArticles(db, { coin, limit: 10 })).map((row) => row.item_id);
    expect(await ids("SOL")).toEqual(["a", "b"]);
    expect(await ids("MSOL")).toEqual(["c"]);
    expect(await ids("BTC")).toEqual(["a", "d"]);
    expect(await ids("PEPE")).toEqual([]);
  });
});

describe.each(testDatabaseTargets())("the coin tag backfill on $dialect", (target) => {
  let handle: Awaited<ReturnType<typeof openDatabaseBefore>>;
  beforeAll(async () => {
    handle = await openDatabaseBefore(target, "018");
    // Stored before coin tags existed.
    await handle.database.db
      .insertInto("articles")
      .values(
        ["Bitcoin at a high", "Ethereum upgrade", "Weather report", "SOL and ETH", "Dogecoin (DOGE) jumps"].map(
          (title, i) => ({
            feed_key: "news",
            item_id: `old${i}`,
            title,
            link: `https://news.example/old${i}`,
            published_at: now - i * HOUR,
            description: "",
            image: null,
            source: "news.example",
            creator: "",
            first_seen_at: now,
            updated_at: now,
          }),
        ),
      )
      .execute();
    await handle.migrateRest();
  });
  afterAll(async () => handle.dispose());

  const coinsById = async () =>
    Object.fromEntries(
      (await handle.database.db.selectFrom("articles").select(["item_id", "coins"]).orderBy("item_id").execute()).map(
        (row) => [row.item_id, row.coins],
      ),
    );

  it("leaves rows stored before it untagged (null) until tagged, a bounded batch per pass", async () => {
    expect(Object.values(await coinsById())).toEqual([null, null, null, null, null]);
    // A refresh meanwhile tags the row it stores, and the backfill leaves it as written.
    await upsertArticles(handle.database, "news", [item("old3", 3, { title: "SOL and ETH" })], now + HOUR);
    expect((await coinsById()).old3).toBe(",SOL,ETH,");

    expect(await backfillCoinTags(handle.database, builtInCoins(), { batch: 2, maxBatches: 1 })).toBe(2);
    expect(await coinsById()).toEqual({ old0: ",BTC,", old1: ",ETH,", old2: null, old3: ",SOL,ETH,", old4: null });
    expect(await backfillCoinTags(handle.database, builtInCoins(), { batch: 2, maxBatches: 5 })).toBe(2);
    expect(await coinsById()).toEqual({ old0: ",BTC,", old1: ",ETH,", old2: "", old3: ",SOL,ETH,", old4: ",DOGE," });
    // Nothing left: a pass costs one look and tags nothing.
    expect(await backfillCoinTags(handle.database, builtInCoins())).toBe(0);
  });

  it("runs in one process at a time, under a lease", async () => {
    await handle.database.db.updateTable("articles").set({ coins: null }).where("item_id", "=", "old0").execute();
    const other = { name: "coin-tags-backfill", holder: "other", expires_at: Date.now() + 60_000 };
    await handle.database.db.insertInto("job_leases").values(other).execute();
    const ctx = { database: handle.database, coins: { current: builtInCoins }, log: quiet };
    expect(await runCoinBackfill({ ...ctx, holder: "me" })).toBe(0);
    expect((await coinsById()).old0).toBeNull();
    await handle.database.db.deleteFrom("job_leases").where("name", "=", other.name).execute();
    expect(await runCoinBackfill({ ...ctx, holder: "me" })).toBe(1);
    expect((await coinsById()).old0).toBe(",BTC,");
    // The lease is given back once the pass is over.
    expect(await handle.database.db.selectFrom("job_leases").selectAll().execute()).toEqual([]);
  });
});
