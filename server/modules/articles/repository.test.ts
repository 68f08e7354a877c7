import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import {
  countArticlesByFeed,
  findArticleByLink,
  listArticles,
  pruneArticles,
  recordFeedFailure,
  recordFeedSuccess,
  upsertArticles,
} from "./repository.ts";

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);

const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) => testItem(id, hoursAgo, now, extra);

describe.each(testDatabaseTargets())("feed repository on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    await handle?.dispose();
    handle = await openTestDatabase(target);
  });
  afterAll(async () => handle.dispose());

  it("inserts new items and refreshes known ones by (feed, id)", async () => {
    const db = handle.database;
    await upsertArticles(db, "news", [item("a", 2), item("b", 1)], now);
    await upsertArticles(db, "news", [item("a", 2, { title: "Edited" }), item("c", 0)], now + HOUR);
    await upsertArticles(db, "bitcoin", [item("a", 3)], now);
    const news = await listArticles(db, { feedKey: "news", limit: 10 });
    expect(news.map((row) => [row.item_id, row.title])).toEqual([
      ["c", "Story c"],
      ["b", "Story b"],
      ["a", "Edited"],
    ]);
    expect(await countArticlesByFeed(db)).toEqual(
      new Map([
        ["news", 3],
        ["bitcoin", 1],
      ]),
    );
  });

  it("keeps the first-seen time of an item the feed does not date", async () => {
    const db = handle.database;
    await upsertArticles(db, "xfeed", [item("u", 0, { pubDate: new Date(now), dated: false })], now);
    await upsertArticles(
      db,
      "xfeed",
      [item("u", 0, { pubDate: new Date(now + 5 * HOUR), dated: false })],
      now + 5 * HOUR,
    );
    const [row] = await listArticles(db, { feedKey: "xfeed", limit: 1 });
    expect(row?.published_at).toBe(now);
    expect(row?.undated).toBe(1);
  });

  it("flags an item stored as dated once its feed gives it no date, keeping its time", async () => {
    const db = handle.database;
    await upsertArticles(db, "xfeed", [item("w", 3)], now);
    await upsertArticles(db, "xfeed", [item("w", 0, { pubDate: new Date(now + HOUR), dated: false })], now + HOUR);
    const [row] = await listArticles(db, { feedKey: "xfeed", limit: 1 });
    expect([row?.published_at, row?.undated]).toEqual([now - 3 * HOUR, 1]);
  });

  it("marks an undated item dated, with the feed's date, once its feed gives one", async () => {
    const db = handle.database;
    await upsertArticles(db, "xfeed", [item("v", 0, { pubDate: new Date(now), dated: false })], now);
    await upsertArticles(db, "xfeed", [item("v", 2, { dated: true })], now + HOUR);
    const [row] = await listArticles(db, { feedKey: "xfeed", limit: 1 });
    expect([row?.published_at, row?.undated]).toEqual([now - 2 * HOUR, 0]);
  });

  it("pages newest first with before= and filters by source", async () => {
    const db = handle.database;
    await upsertArticles(db, "news", [item("a", 3), item("b", 2, { source: "CoinDesk" }), item("c", 1)], now);
    expect((await listArticles(db, { feedKey: "news", limit: 2 })).map((r) => r.item_id)).toEqual(["c", "b"]);
    expect(
      (await listArticles(db, { feedKey: "news", limit: 2, before: { time: now - 2 * HOUR } })).map((r) => r.item_id),
    ).toEqual(["a"]);
    expect((await listArticles(db, { source: "CoinDesk", limit: 5 })).map((r) => r.item_id)).toEqual(["b"]);
  });

  it("pages through items that share a time without skipping any", async () => {
    const db = handle.database;
    const same = { pubDate: new Date(now), dated: true };
    await upsertArticles(
      db,
      "xfeed",
      ["p", "q", "r", "s", "t"].map((id) => item(id, 0, same)),
      now,
    );
    const seen: string[] = [];
    let before: { time: number; id: number } | undefined;
    for (let page = 0; page < 5; page++) {
      const rows = await listArticles(db, { feedKey: "xfeed", limit: 2, before });
      seen.push(...rows.map((r) => r.item_id));
      const last = rows.at(-1);
      if (!last) break;
      before = { time: last.published_at, id: last.id };
    }
    expect(seen.sort()).toEqual(["p", "q", "r", "s", "t"]);
  });

  it("prunes past the newest N per feed and past the age limit, leaving other feeds alone", async () => {
    const db = handle.database;
    await upsertArticles(db, "news", [item("new", 1), item("mid", 5), item("old", 30), item("ancient", 24 * 40)], now);
    await upsertArticles(db, "bitcoin", [item("ancient", 24 * 40)], now);
    const removed = await pruneArticles(db, "news", { maxPerFeed: 2, maxAgeMs: 30 * 24 * HOUR, now });
    expect(removed).toBe(2);
    expect((await listArticles(db, { feedKey: "news", limit: 10 })).map((r) => r.item_id)).toEqual(["new", "mid"]);
    expect(await listArticles(db, { feedKey: "bitcoin", limit: 10 })).toHaveLength(1);
  });

  it("records feed successes and counts failures", async () => {
    const db = handle.database;
    const failures = [];
    for (let i = 0; i < 3; i++) {
      failures.push(
        await recordFeedFailure(db, "news", {
          url: "https://x/rss",
          error: "boom",
          now: now + i,
          nextFetchAt: (n) => now + n * 1000,
        }),
      );
    }
    expect(failures).toEqual([1, 2, 3]);
    await recordFeedSuccess(db, "news", {
      url: "https://x/rss",
      etag: '"v1"',
      lastModified: null,
      now,
      nextFetchAt: now + 5,
    });
    const row = await db.db.selectFrom("feeds").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ etag: '"v1"', last_error: null, consecutive_failures: 0, next_fetch_at: now + 5 });
  });

  it("finds an article's freshest copy by link, or the freshest among the given feeds only", async () => {
    const db = handle.database;
    const link = "https://news.example/shared";
    await upsertArticles(db, "news", [item("n", 2, { link, title: "Public copy" })], now);
    await upsertArticles(db, "mf-0123456789ab", [item("m", 1, { link, title: "A member feed's copy" })], now + HOUR);
    expect((await findArticleByLink(db, link))?.title).toBe("A member feed's copy");
    expect((await findArticleByLink(db, link, ["news", "bitcoin"]))?.title).toBe("Public copy");
    expect((await findArticleByLink(db, link, ["mf-0123456789ab"]))?.title).toBe("A member feed's copy");
    expect(await findArticleByLink(db, link, ["bitcoin"])).toBeUndefined();
    expect(await findArticleByLink(db, link, [])).toBeUndefined();
  });
});
