import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { upsertArticles } from "../modules/articles/repository.ts";
import { insertSnapshots } from "../modules/market/repository.ts";
import { snapshotsRecorded } from "../modules/market/service.ts";
import { joinAsMember } from "../test/accounts.ts";
import { useTestApp } from "../test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../test/databases.ts";
import { testItem } from "../test/items.ts";
import { AnswerCache } from "./answer-cache.ts";

/** The tables each query names, in order, as the app runs them. */
function countingQueries(database: Database) {
  const queries: string[][] = [];
  const tablesOf = (node: unknown, into: string[]) => {
    if (!node || typeof node !== "object") return into;
    const op = node as OperationNode & { table?: { identifier?: { name?: string } } };
    if (op.kind === "TableNode" && op.table?.identifier?.name) into.push(op.table.identifier.name);
    for (const value of Object.values(node)) tablesOf(value, into);
    return into;
  };
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      queries.push(tablesOf(args.node, []));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      return args.result;
    },
  };
  const counted = { ...database, db: database.db.withPlugin(plugin), changeStamp: () => database.changeStamp() };
  return { database: counted as Database, queries };
}

const now = Date.now();
const story = (id: string, outlet: string, hoursAgo = 1) =>
  testItem(id, hoursAgo, now, {
    title: "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
    link: `https://${outlet}/${id}`,
    source: outlet,
  });

describe.each(testDatabaseTargets())("kept list answers, on $dialect", (target) => {
  let queries: string[][];
  let member: Awaited<ReturnType<typeof joinAsMember>>;
  let other: Awaited<ReturnType<typeof joinAsMember>>;
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(database, "bitcoin", [story("a", "one.example"), story("b", "two.example", 2)], now);
      await insertSnapshots(database, now - 60_000, [{ symbol: "BTC", usd: 60_000 }]);
    },
    // The app runs on a wrapper that records the tables each query names.
    wrap: (database) => {
      const counting = countingQueries(database);
      queries = counting.queries;
      return counting.database;
    },
  });
  beforeAll(async () => {
    member = await joinAsMember(setup.app, setup.database);
    other = await joinAsMember(setup.app, setup.database);
  });

  const get = (url: string, extra: { cookies?: Record<string, string>; etag?: string } = {}) =>
    setup.app.inject({
      method: "GET",
      url,
      cookies: extra.cookies,
      headers: extra.etag ? { "if-none-match": extra.etag } : {},
    });

  const LISTS = [
    "/api/feeds/bitcoin/items",
    "/api/feeds/gemwire/items",
    "/api/search?q=record",
    "/api/blurts",
    "/api/tokens/BTC/history?range=24h",
    "/feeds/gemwire.xml",
    "/feeds/gemwire.json",
  ];

  it.each(LISTS)("%s answers 304 to its ETag with no query beyond the change check", async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);

    queries.length = 0;
    const again = await get(url, { etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    // The change check is one read of data_versions — and none at all on SQLite while nothing was written.
    for (const tables of queries) expect(tables).toEqual(["data_versions"]);
    if (target.dialect === "postgres") expect(queries).toHaveLength(1);
    else expect(queries.length).toBeLessThanOrEqual(1);
  });

  it("keeps the list answers out of shared caches and says they vary by cookie where they are personal", async () => {
    const items = await get("/api/feeds/bitcoin/items");
    expect(items.headers["cache-control"]).toBe("private, no-cache");
    expect(String(items.headers.vary)).toMatch(/cookie/i);
    const published = await get("/feeds/gemwire.xml");
    expect(published.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("shows a new article, a vote and a comment in the next answer of every list that shows them", async () => {
    const items = await get("/api/feeds/bitcoin/items");
    const search = await get("/api/search?q=record");
    expect(items.json().items).toHaveLength(2);

    await upsertArticles(setup.database, "bitcoin", [story("c", "three.example")], Date.now());
    const afterArticle = await get("/api/feeds/bitcoin/items", { etag: items.headers.etag as string });
    expect(afterArticle.statusCode).toBe(200);
    expect(afterArticle.json().items).toHaveLength(3);
    const searched = await get("/api/search?q=record", { etag: search.headers.etag as string });
    expect(searched.statusCode).toBe(200);
    expect(JSON.stringify(searched.json())).toContain("three.example");

    const link = "https://three.example/c";
    const vote = await setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      payload: { link, vote: "up" },
      cookies: member.cookies,
    });
    expect(vote.statusCode).toBe(200);
    const seen = (await get("/api/feeds/bitcoin/items"))
      .json()
      .items.find((item: { link: string }) => item.link === link);
    expect(seen.votes.up).toBe(1);
    expect(seen.myVote).toBeNull();

    const blurts = await get("/api/blurts");
    const comment = await setup.app.inject({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: link, content: "Big if true" },
      cookies: member.cookies,
    });
    expect(comment.statusCode).toBe(201);
    const commented = (await get("/api/feeds/bitcoin/items"))
      .json()
      .items.find((item: { link: string }) => item.link === link);
    expect(commented.comments).toBe(1);
    const timeline = await get("/api/blurts", { etag: blurts.headers.etag as string });
    expect(timeline.statusCode).toBe(200);
    expect(JSON.stringify(timeline.json())).toContain("Big if true");
  });

  it("keeps a member's votes and read state theirs: never served to another member or a visitor", async () => {
    const link = "https://one.example/a";
    const vote = await setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      payload: { link, vote: "down" },
      cookies: member.cookies,
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const read = await setup.app.inject({
      method: "PUT",
      url: "/api/reading/read",
      payload: { links: [link], read: true },
      cookies: member.cookies,
    });
    expect(read.statusCode).toBe(200);
    const find = (response: Awaited<ReturnType<typeof get>>) =>
      response.json().items.find((item: { link: string }) => item.link === link);

    const mine = await get("/api/feeds/bitcoin/items", { cookies: member.cookies });
    expect(find(mine)).toMatchObject({ myVote: "down", read: true });
    const theirs = await get("/api/feeds/bitcoin/items", { cookies: other.cookies });
    expect(find(theirs)).toMatchObject({ myVote: null, read: false });
    const visitor = await get("/api/feeds/bitcoin/items");
    expect(find(visitor)).toMatchObject({ myVote: null, read: false });
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);

    // Marking it unread shows in the member's next answer.
    await setup.app.inject({
      method: "PUT",
      url: "/api/reading/read",
      payload: { links: [link], read: false },
      cookies: member.cookies,
    });
    const again = await get("/api/feeds/bitcoin/items", { cookies: member.cookies, etag: mine.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(find(again).read).toBe(false);
  });

  it("shows a new article in the next published feed", async () => {
    const rss = await get("/feeds/gemwire.xml");
    const fresh = testItem("d", 0.5, now, { title: "Ethereum developers schedule the next upgrade" });
    await upsertArticles(setup.database, "news", [fresh], Date.now());
    const after = await get("/feeds/gemwire.xml", { etag: rss.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Ethereum developers schedule the next upgrade");
  });

  it("shows a new price snapshot in the next token history", async () => {
    const before = await get("/api/tokens/BTC/history?range=24h");
    await insertSnapshots(setup.database, now - 30_000, [{ symbol: "BTC", usd: 61_000 }]);
    // As the recorder does after its write (the history's own per-minute cache).
    snapshotsRecorded(setup.app.database);
    const after = await get("/api/tokens/BTC/history?range=24h", { etag: before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toBe(before.body);
  });

  it("answers the same bytes as before, compressed once for clients that accept it", async () => {
    const long = Array.from({ length: 12 }, (_, i) =>
      testItem(`long${i}`, 3 + i, now, { title: `Miners report hashrate ${i}`, description: "word ".repeat(200) }),
    );
    await upsertArticles(setup.database, "bitcoin", long, Date.now());
    const plain = await get("/api/feeds/bitcoin/items");
    const zipped = await setup.app.inject({
      method: "GET",
      url: "/api/feeds/bitcoin/items",
      headers: { "accept-encoding": "gzip" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });
});

describe.each(testDatabaseTargets())("the answer cache's bounds, on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const spec = (key: string, body: string) => ({ key, tables: ["articles" as const], build: async () => body });

  it("keeps at most maxEntries answers, the least recently used going first", async () => {
    const cache = new AnswerCache(handle.database, { maxEntries: 2, maxBytes: 1_000_000 });
    await cache.answer(spec("a", "1"));
    await cache.answer(spec("b", "2"));
    await cache.answer(spec("a", "changed?")); // a hit: "a" is now the most recent
    await cache.answer(spec("c", "3"));
    expect(cache.usage.entries).toBe(2);
    expect((await cache.answer(spec("a", "fresh"))).json.toString()).toBe("1");
    expect((await cache.answer(spec("b", "rebuilt"))).json.toString()).toBe("rebuilt");
  });

  it("keeps at most maxBytes (each answer counted three times, for its compressed forms)", async () => {
    const cache = new AnswerCache(handle.database, { maxEntries: 100, maxBytes: 3_000 });
    for (const key of ["a", "b", "c"]) await cache.answer(spec(key, "x".repeat(400)));
    expect(cache.usage.bytes).toBeLessThanOrEqual(3_000);
    expect(cache.usage.entries).toBe(2);
    // Too big to keep at all: sent, not kept.
    const big = await cache.answer(spec("big", "y".repeat(2_000)));
    expect(big.json.length).toBe(2_000);
    expect(cache.usage.bytes).toBeLessThanOrEqual(3_000);
  });

  it("builds a missing answer once for requests that ask together, and again after a write", async () => {
    const cache = new AnswerCache(handle.database);
    let builds = 0;
    const counted = { key: "k", tables: ["articles" as const], build: async () => String(++builds) };
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.answer(counted)));
    expect(builds).toBe(1);
    expect(new Set(pages.map((page) => page.etag)).size).toBe(1);
    await upsertArticles(handle.database, "news", [story("z", "four.example")], Date.now());
    expect((await cache.answer(counted)).json.toString()).toBe("2");
  });
});
