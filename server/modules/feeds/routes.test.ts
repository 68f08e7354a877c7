import { describe, expect, it } from "vitest";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { parseFeed } from "../../lib/feed-reader/parse-feed.ts";
import { useTestApp, withTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { recordFeedFailure, recordFeedSuccess, upsertArticles } from "../articles/repository.ts";
import { failureBackoff } from "./refresh.ts";

const HOUR = 3_600_000;
const now = Date.now();

const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) => testItem(id, hoursAgo, now, extra);

describe.each(testDatabaseTargets())("feeds API on $dialect", (target) => {
  let wakes = 0;

  const setup = useTestApp(target, {
    wakeFeedScheduler: () => wakes++,
    seed: async (db) => {
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
      // With relays, exactly 'All proxies failed'; the last error is the detail.
      for (const failedAt of [now - HOUR, now]) {
        await recordFeedFailure(db, "market", {
          url: "https://x/market",
          error: "All proxies failed",
          detail: "Relay relay.example: ENOTFOUND: getaddrinfo ENOTFOUND relay.example",
          now: failedAt,
          nextFetchAt: (failures) => failedAt + failures * 10 * 60_000,
        });
      }
    },
  });

  const get = (url: string) => setup.app.inject({ method: "GET", url });

  it("lists the catalog with each feed's status", async () => {
    const response = await get("/api/feeds");
    expect(response.statusCode).toBe(200);
    const { feeds, error } = response.json();
    expect(error).toBeNull();
    expect(feeds).toHaveLength(11);
    const feed = (key: string) => feeds.find((f: { key: string }) => f.key === key);
    expect(feed("bitcoin")).toEqual({
      key: "bitcoin",
      title: "Bitcoin News",
      tags: ["Bitcoin (BTC)", "Crypto News", "Market Updates"],
      lastUpdated: new Date(now).toISOString(),
      lastError: null,
      lastErrorDetail: null,
      lastErrorReason: null,
      lastErrorAt: null,
      itemCount: 3,
      sourceAddress: "https://bitcoinmagazine.com/.rss/full/",
      lastAttempt: new Date(now).toISOString(),
      consecutiveFailures: 0,
      nextAttempt: new Date(now).toISOString(),
    });
    expect(feed("news")).toMatchObject({
      lastError: "HTTP 503 from x",
      lastErrorDetail: null,
      lastErrorReason: "x had a server error (HTTP 503).",
      lastErrorAt: new Date(now).toISOString(),
      lastUpdated: null,
      itemCount: 2,
      consecutiveFailures: 1,
    });
    // Never fetched yet: no attempt, nothing due; the address without its query string.
    expect(feed("youtube")).toMatchObject({
      lastError: null,
      itemCount: 0,
      lastAttempt: null,
      nextAttempt: null,
      consecutiveFailures: 0,
      sourceAddress: "https://www.youtube.com/feeds/videos.xml?…",
    });
    expect(feed("gemwire")).toMatchObject({ sourceAddress: null, lastError: null, itemCount: 5 });
  });

  it("says 'All proxies failed' exactly, with the last error as the detail and in plain words", async () => {
    const { feeds } = (await get("/api/feeds")).json();
    expect(feeds.find((f: { key: string }) => f.key === "market")).toMatchObject({
      lastError: "All proxies failed",
      lastErrorDetail: "Relay relay.example: ENOTFOUND: getaddrinfo ENOTFOUND relay.example",
      lastErrorReason:
        "Neither cointelegraph.com nor any relay could deliver the feed. Last error: Relay relay.example: The address relay.example could not be found (no internet or DNS?).",
      lastErrorAt: new Date(now).toISOString(),
      lastAttempt: new Date(now).toISOString(),
      consecutiveFailures: 2,
      nextAttempt: new Date(now + 20 * 60_000).toISOString(),
    });
  });

  it("lets a reader bring a feed's next refresh forward, never sooner than half the scheduler's wait (1–15 minutes)", async () => {
    const refresh = (key: string) => setup.app.inject({ method: "POST", url: `/api/feeds/${key}/refresh` });
    const market = await setup.database.db
      .selectFrom("feeds")
      .select(["last_attempt_at", "consecutive_failures"])
      .where("key", "=", "market")
      .executeTakeFirstOrThrow();
    expect(market.consecutive_failures).toBe(2);
    const backoff = failureBackoff(setup.app.config.feedRefreshMs, 2);
    const response = await refresh("market");
    expect(response.statusCode).toBe(202);
    expect(wakes).toBe(1);
    // Failing and last attempted just now: not before half its backoff, however often it
    // is asked — readers cannot undo the backoff (the old rule allowed a minute).
    const halfTheBackoff = new Date((market.last_attempt_at ?? 0) + backoff / 2).toISOString();
    expect(backoff / 2).toBeGreaterThan(60_000);
    expect(response.json().feed).toMatchObject({ key: "market", nextAttempt: halfTheBackoff });
    expect((await refresh("market")).json().feed.nextAttempt).toBe(halfTheBackoff);
    // A feed attempted longer ago is due at once; one never fetched is due anyway.
    await setup.database.db
      .updateTable("feeds")
      .set({ last_attempt_at: now - HOUR })
      .where("key", "=", "news")
      .execute();
    const before = Date.now();
    const due = Date.parse((await refresh("news")).json().feed.nextAttempt);
    expect(due).toBeLessThanOrEqual(Date.now());
    expect(due).toBeGreaterThanOrEqual(Math.min(before, now));
    expect((await refresh("youtube")).json().feed).toMatchObject({ key: "youtube", nextAttempt: null });
    const computed = await refresh("gemwire");
    expect(computed.statusCode).toBe(400);
    expect(computed.json().error.message).toMatch(/built from the other feeds/);
    expect((await refresh("dogecoin")).statusCode).toBe(400);
  });

  it("gives one address 60 'Refresh Feed' asks in 10 minutes, then 429 with Retry-After", async () => {
    const ask = () =>
      setup.app.inject({ method: "POST", url: "/api/feeds/news/refresh", remoteAddress: "198.51.100.77" });
    for (let i = 0; i < 60; i++) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another reader is not held back by this one.
    const other = await setup.app.inject({
      method: "POST",
      url: "/api/feeds/news/refresh",
      remoteAddress: "198.51.100.78",
    });
    expect(other.statusCode).toBe(202);
  });

  it("returns a feed's items newest first, in the FeedItem shape", async () => {
    const { items } = (await get("/api/feeds/bitcoin/items")).json();
    expect(items.map((i: { id: string }) => i.id)).toEqual(["b1", "b2", "b3"]);
    expect(items[2]).toEqual({
      id: "b3",
      title: "Bitcoin fees drop",
      link: "https://news.example/b3",
      pubDate: new Date(now - 3 * HOUR).toISOString(),
      undated: false,
      description: "About b3",
      image: "https://img.example/b3.png",
      source: "CoinDesk",
      creator: "Ann",
      votes: { up: 0, down: 0 },
      myVote: null,
      comments: 0,
      story: null,
      // "Bitcoin" in the title: tagged as it was stored.
      coins: ["BTC"],
      read: false,
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
    ["/api/search?q=bit%00coin", /querystring\.q: .*control characters/],
    ["/api/search?q=bit%07coin", /querystring\.q: .*control characters/],
    ["/api/search?q=bit%0Acoin", /querystring\.q: .*control characters/],
    [`/api/search?q=${"b".repeat(201)}`, /querystring\.q: .*200/],
  ])("answers %s with a 400 naming the problem", async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(message) });
  });

  it("searches every stored feed, at most 5 results, one per link", async () => {
    const { results } = (await get("/api/search?q=bitcoin")).json();
    expect(results.map((r: { id: string }) => r.id).sort()).toEqual(["b1", "b2", "b3"]);
    expect((await get("/api/search?q=ETF%20INFL")).json().results.map((r: { id: string }) => r.id)).toEqual(["b1"]);
    // Search finds the typed text anywhere, inside words too.
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
    // Links come from the Host header (no PUBLIC_URL): a shared cache must keep hosts apart.
    expect(String(response.headers.vary)).toMatch(/\bHost\b/i);
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
    expect(paths).toEqual(
      expect.arrayContaining(["/api/feeds", "/api/feeds/{key}/items", "/api/feeds/{key}/refresh", "/api/search"]),
    );
  });
});
