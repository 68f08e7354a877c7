import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { escapeLike } from "../../db/like.ts";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { pruneArticles, upsertArticles } from "../articles/repository.ts";
import { searchArticles, searchText } from "./search.ts";

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);

const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) =>
  testItem(id, hoursAgo, now, { description: "", ...extra });

describe("search text", () => {
  it("collapses whitespace as stored text has it", () => {
    expect(searchText("  spot \t bitcoin\n ETF ")).toBe("spot bitcoin ETF");
  });

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(escapeLike("5%_a!b\\c")).toBe("5!%!_a!!b\\c");
  });
});

describe.each(testDatabaseTargets())("search on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  const ids = async (text: string, limit = 10) =>
    (await searchArticles(handle.database, text, limit)).map((row) => row.item_id);

  describe("over a fixed set of articles", () => {
    beforeAll(async () => {
      handle = await openTestDatabase(target);
      await upsertArticles(
        handle.database,
        "news",
        [
          item("etf", 1, { title: "Spot Bitcoin ETF sees record inflows" }),
          item("sol", 2, { title: "Solana rallies", description: "Memecoin mania drives DEX volume" }),
          item("eth", 3, { title: "Ethereum gas fees drop", description: "Cheaper than bitcoin for once" }),
          item("pct", 4, { title: "Stocks up 5% today" }),
          item("fifty", 5, { title: "Stocks up 50 today" }),
          item("under", 6, { title: "New fee_rate field in Core" }),
          item("space", 7, { title: "New fee rate field in Core" }),
          item("bang", 8, { title: "Wow! XRP wins" }),
          item("slash", 9, { title: "Path a\\b explained" }),
          item("cafe", 10, { title: "Café owners accept sats" }),
          item("quote", 11, { title: 'Saylor says "buy"' }),
          item("recap", 0.5, { title: "Weekly recap", description: "Solana and more" }),
        ],
        now,
      );
    });
    afterAll(async () => handle.dispose());

    it("finds text inside words, in titles and descriptions", async () => {
      expect(await ids("itcoi")).toEqual(["etf", "eth"]);
      expect(await ids("emecoi")).toEqual(["sol"]);
      expect(await ids("ethere")).toEqual(["eth"]);
    });

    it("matches the typed text as a whole, ignoring case", async () => {
      expect(await ids("record inflows")).toEqual(["etf"]);
      expect(await ids("RECORD   Inflows")).toEqual(["etf"]);
      expect(await ids("inflows record")).toEqual([]);
      expect(await ids("bItCoIn EtF")).toEqual(["etf"]);
      expect(await ids("dogecoin")).toEqual([]);
    });

    it("puts title matches first, then the newest", async () => {
      // 'bitcoin' is in eth's description only.
      expect(await ids("bitcoin")).toEqual(["etf", "eth"]);
      expect(await ids("today")).toEqual(["pct", "fifty"]);
      expect(await ids("solana")).toEqual(["sol", "recap"]);
      expect(await ids("o", 3)).toEqual(["etf", "sol", "eth"]);
    });

    it.each([
      ["one character", "%", ["pct"]],
      ["two characters", "5%", ["pct"]],
      ["three or more", "p 5% t", ["pct"]],
      ["an underscore", "e_r", ["under"]],
      ["an underscore alone", "_", ["under"]],
      ["the escape character", "w!", ["bang"]],
      ["a backslash", "a\\b", ["slash"]],
      ["a double quote", '"buy"', ["quote"]],
    ])("takes wildcards and quotes literally: %s", async (_, text, expected) => {
      expect(await ids(text)).toEqual(expected);
    });

    it("finds one and two characters, ignoring case", async () => {
      // Title matches ('XRP', 'explained') before the description's 'DEX'.
      expect(await ids("X")).toEqual(["bang", "slash", "sol"]);
      expect(await ids("xr")).toEqual(["bang"]);
      expect(await ids("Ex")).toEqual(["slash", "sol"]);
    });

    it("ignores diacritics and the case of accented letters", async () => {
      expect(await ids("cafe")).toEqual(["cafe"]);
      expect(await ids("CAFÉ OWNERS")).toEqual(["cafe"]);
    });

    it("treats query syntax as text", async () => {
      expect(await ids(`"); DROP TABLE articles; --`)).toEqual([]);
      expect(await ids("title : sats")).toEqual([]);
      expect(await ids("sol* OR eth")).toEqual([]);
      expect(await ids("  ")).toEqual([]);
      expect(await ids("itcoi")).toEqual(["etf", "eth"]);
    });
  });

  describe("as articles change", () => {
    beforeEach(async () => {
      await handle?.dispose();
      handle = await openTestDatabase(target);
    });
    afterAll(async () => handle.dispose());

    it("follows edits and deletions", async () => {
      const db = handle.database;
      await upsertArticles(db, "news", [item("x", 1, { title: "Cardano upgrade" })], now);
      await upsertArticles(db, "news", [item("x", 1, { title: "Polkadot upgrade" })], now);
      expect(await ids("cardano")).toEqual([]);
      expect(await ids("olkado")).toEqual(["x"]);
      await pruneArticles(db, "news", { maxPerFeed: 0, maxAgeMs: 1, now });
      expect(await ids("polkadot")).toEqual([]);
      expect(await ids("po")).toEqual([]);
    });

    it("returns at most the limit, newest first among equals", async () => {
      const db = handle.database;
      await upsertArticles(
        db,
        "news",
        Array.from({ length: 8 }, (_, i) => item(`n${i}`, i, { title: `Bitcoin note ${i}` })),
        now - HOUR,
      );
      expect(await ids("tcoin no", 3)).toEqual(["n0", "n1", "n2"]);
    });
  });
});
