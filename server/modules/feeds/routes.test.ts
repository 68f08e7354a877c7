import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, withTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import type { NormalisedItem } from "./parse/normalise.ts";
import { parseFeed } from "./parse/parse-feed.ts";
import { recordFeedFailure, recordFeedSuccess, upsertArticles } from "./repository.ts";

const HOUR = 3_600_000;
const now = Date.now();

const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) => testItem(id, hoursAgo, now, extra);

describe.each(testDatabaseTargets())("feeds API on $dialect", (target) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    const db = handle.database;
    await upsertArticles(
      db,
      "bitcoin",
      [
        item("b1", 1, { title: "Bitcoin ETF inflows hit record", source: "CoinDesk" }),
        item("b2", 2, { title: "Bitcoin miners sell less <b>bold</b>", source: "The Block" }),
        item("b3", 3, { title: "Bitcoin fees drop", source: "CoinDesk", image: "https://img.example/b3.png" }),
      ],
      now,
    );
    // The same article in two feeds: shown once in Gemwire's feed and in search.
    await upsertArticles(
      db,
      "news",
      [item("b1", 1, { title: "Bitcoin ETF inflows hit record", source: "CoinDesk" }), item("n1", 0.5)],
      now,
    );
    await recordFeedSuccess(db, "bitcoin", {
      url: "https://x/btc",
      etag: null,
      lastModified: null,
      now,
      nextFetchAt: now,
    });
    await recordFeedFailure(db, "news", {
      url: "https://x/news",
      error: "HTTP 503 from x",
      now,
      nextFetchAt: () => now,
    });
    app = await buildTestApp(db);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  const get = (url: string) => app.inject({ method: "GET", url });

  it("lists the catalog with each feed's status", async () => {
    const response = await get("/api/feeds");
    expect(response.statusCode).toBe(200);
    const { feeds, error } = response.json();
    expect(error).toBeNull();
    expect(feeds).toHaveLength(11);
    expect(feeds.find((f: { key: string }) => f.key === "bitcoin")).toEqual({
      key: "bitcoin",
      title: "Bitcoin News",
      tags: ["Bitcoin (BTC)", "Crypto News", "Market Updates"],
      lastUpdated: new Date(now).toISOString(),
      lastError: null,
      itemCount: 3,
    });
    expect(feeds.find((f: { key: string }) => f.key === "news")).toMatchObject({
      lastError: "HTTP 503 from x",
      lastUpdated: null,
      itemCount: 2,
    });
    expect(feeds.find((f: { key: string }) => f.key === "youtube")).toMatchObject({ lastError: null, itemCount: 0 });
  });

  it("returns a feed's items newest first, in the FeedItem shape", async () => {
    const { items } = (await get("/api/feeds/bitcoin/items")).json();
    expect(items.map((i: { id: string }) => i.id)).toEqual(["b1", "b2", "b3"]);
    expect(items[2]).toEqual({
      id: "b3",
      title: "Bitcoin fees drop",
      link: "https://news.example/b3",
      pubDate: new Date(now - 3 * HOUR).toISOString(),
      description: "About b3",
      image: "https://img.example/b3.png",
      source: "CoinDesk",
      creator: "Ann",
      votes: { up: 0, down: 0 },
      myVote: null,
    });
  });

  it("filters by source, limits and pages with before=", async () => {
    const ids = async (url: string) => (await get(url)).json().items.map((i: { id: string }) => i.id);
    expect(await ids("/api/feeds/bitcoin/items?source=CoinDesk")).toEqual(["b1", "b3"]);
    expect(await ids("/api/feeds/bitcoin/items?limit=1")).toEqual(["b1"]);
    const before = new Date(now - 1.5 * HOUR).toISOString();
    expect(await ids(`/api/feeds/bitcoin/items?before=${encodeURIComponent(before)}`)).toEqual(["b2", "b3"]);
  });

  it("pages with the `next` value until the last page", async () => {
    const first = (await get("/api/feeds/bitcoin/items?limit=2")).json();
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(["b1", "b2"]);
    expect(first.next).toMatch(/^\d+_\d+$/);
    const second = (await get(`/api/feeds/bitcoin/items?limit=2&before=${first.next}`)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: "b3" })], next: null });
  });

  it("gives Gemwire's own feed across every feed, each link once", async () => {
    const { items } = (await get("/api/feeds/gemwire/items")).json();
    expect(items.map((i: { id: string }) => i.id)).toEqual(["n1", "b1", "b2", "b3"]);
  });

  it.each([
    ["/api/feeds/dogecoin/items", /params\.key/],
    ["/api/feeds/bitcoin/items?limit=0", /querystring\.limit/],
    ["/api/feeds/bitcoin/items?limit=1000", /querystring\.limit/],
    ["/api/feeds/bitcoin/items?limit=ten", /querystring\.limit/],
    ["/api/feeds/bitcoin/items?before=yesterday", /querystring\.before: must be an ISO-8601 time or the `next` value/],
    ["/api/search", /querystring\.q/],
    ["/api/search?q=%20%20", /Type something to search for/],
  ])("answers %s with a 400 naming the problem", async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(message) });
  });

  it("searches every stored feed, at most 5 results, one per link", async () => {
    const { results } = (await get("/api/search?q=bitcoin")).json();
    expect(results.map((r: { id: string }) => r.id).sort()).toEqual(["b1", "b2", "b3"]);
    expect((await get("/api/search?q=ETF%20INFL")).json().results.map((r: { id: string }) => r.id)).toEqual(["b1"]);
    // Spec §2: the typed text anywhere, inside words too.
    expect((await get("/api/search?q=itcoi")).json().results.map((r: { id: string }) => r.id)).toEqual([
      "b1",
      "b2",
      "b3",
    ]);
    expect((await get("/api/search?q=B")).json().results).toHaveLength(4);
    expect((await get("/api/search?q=nothing-like-this")).json().results).toEqual([]);
  });

  it("publishes Gemwire's feed as RSS 2.0 that reads back the same", async () => {
    const response = await get("/feeds/gemwire.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.body).toContain('<atom:link href="http://localhost:80/feeds/gemwire.xml" rel="self"');
    const items = parseFeed(response.body, { fetchedAt: new Date() });
    expect(items.map((i) => [i.id, i.title, i.source])).toEqual([
      ["n1", "Story n1", "news.example"],
      ["b1", "Bitcoin ETF inflows hit record", "CoinDesk"],
      ["b2", "Bitcoin miners sell less bold", "The Block"],
      ["b3", "Bitcoin fees drop", "CoinDesk"],
    ]);
    expect(items[3]?.image).toBe("https://img.example/b3.png");
  });

  it("publishes Gemwire's feed as JSON Feed 1.1", async () => {
    const response = await get("/feeds/gemwire.json");
    expect(response.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
    const feed = response.json();
    expect(feed).toMatchObject({
      version: "https://jsonfeed.org/version/1.1",
      feed_url: "http://localhost:80/feeds/gemwire.json",
    });
    expect(feed.items[1]).toMatchObject({ id: "b1", url: "https://news.example/b1", authors: [{ name: "Ann" }] });
    expect(parseFeed(response.body, { fetchedAt: new Date() }).map((i) => i.id)).toEqual(["n1", "b1", "b2", "b3"]);
  });

  it("uses PUBLIC_URL for the published feed's own links when set", async () => {
    await withTestApp({ PUBLIC_URL: "https://gemwire.example" }, async (behindProxy) => {
      const response = await behindProxy.inject({
        method: "GET",
        url: "/feeds/gemwire.json",
        headers: { host: "evil.example" },
      });
      expect(response.json()).toMatchObject({
        home_page_url: "https://gemwire.example/",
        feed_url: "https://gemwire.example/feeds/gemwire.json",
      });
    });
  });

  it("documents the feed calls in the OpenAPI document", async () => {
    const paths = Object.keys((await get("/api/openapi.json")).json().paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/feeds", "/api/feeds/{key}/items", "/api/search"]));
  });
});
