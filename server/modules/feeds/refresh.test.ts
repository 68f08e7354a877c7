import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acquireLease } from "../../lib/jobs/lease.ts";
import { createLogger } from "../../logger.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { feedCatalog } from "../articles/catalog.ts";
import { countArticlesByFeed, getFeedStatus, listArticles } from "../articles/repository.ts";
import {
  failureBackoff,
  MAX_BACKOFF_MS,
  MEMBER_FEED_MAX_ITEMS,
  type RefreshContext,
  refreshDueFeeds,
  refreshFeed,
} from "./refresh.ts";
import { ALL_FEEDS_FAILED, listFeeds } from "./service.ts";
import type { Sources } from "./sources.ts";

const MINUTE = 60_000;
const rss = (titles: string[]) =>
  `<rss><channel>${titles.map((t) => `<item><title>${t}</title><link>https://news.example/${encodeURIComponent(t)}</link><pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate></item>`).join("")}</channel></rss>`;

/** What the test server answers per path; `etag` makes it answer 304 to a matching If-None-Match. */
let answers: Record<string, { status?: number; body?: string; etag?: string; delayMs?: number }> = {};
let inFlight = 0;
let maxInFlight = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ""] ?? { status: 404 };
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      if (answer.etag && req.headers["if-none-match"] === answer.etag) {
        res.writeHead(304);
        res.end();
        return;
      }
      res.writeHead(answer.status ?? 200, answer.etag ? { etag: answer.etag } : {});
      res.end(answer.body ?? "");
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 3_000 });
afterAll(() => fetcher.close());

function sourcesFor(keys: string[]): Sources {
  return {
    feeds: feedCatalog
      .filter((feed) => feed.url === null || keys.includes(feed.key))
      .map((feed) => (feed.url === null ? feed : { ...feed, url: `${base}/${feed.key}` })),
    relays: [],
  };
}

describe("failureBackoff", () => {
  it.each([
    [1, 5 * MINUTE],
    [2, 10 * MINUTE],
    [3, 20 * MINUTE],
    [7, 320 * MINUTE],
    [8, MAX_BACKOFF_MS],
    [500, MAX_BACKOFF_MS],
  ])("after %i failures waits %i ms", (failures, wait) => {
    expect(failureBackoff(5 * MINUTE, failures)).toBe(wait);
  });
});

describe.each(testDatabaseTargets())("feed refresh on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let clock: number;
  let ctx: RefreshContext;

  beforeEach(async () => {
    await handle?.dispose();
    handle = await openTestDatabase(target);
    answers = {};
    maxInFlight = 0;
    clock = Date.UTC(2026, 10, 22, 12);
    ctx = {
      database: handle.database,
      sources: sourcesFor(["bitcoin", "news"]),
      fetcher,
      refreshMs: 5 * MINUTE,
      retention: { maxItems: 1_000, maxAgeMs: 30 * 24 * 60 * MINUTE },
      holder: "test-process",
      log: createLogger({ logLevel: "silent" }),
      now: () => clock,
      sleep: async () => {},
    };
  });
  afterAll(async () => handle.dispose());

  const bitcoin = () =>
    ctx.sources.feeds.find((f) => f.key === "bitcoin") as {
      key: "bitcoin";
      url: string;
      title: string;
      tags: string[];
    };

  it("keeps at most MEMBER_FEED_MAX_ITEMS of a member's feed, and FEED_MAX_ITEMS of a built-in one", async () => {
    const titles = Array.from({ length: MEMBER_FEED_MAX_ITEMS + 50 }, (_, i) => `Item ${i}`);
    answers["/bitcoin"] = { body: rss(titles) };
    answers["/mine"] = { body: rss(titles) };
    expect(await refreshFeed(ctx, bitcoin())).toBe("updated");
    expect(await refreshFeed(ctx, { key: "mf-aaaaaaaaaaaa", url: `${base}/mine` })).toBe("updated");
    expect((await countArticlesByFeed(handle.database, "bitcoin")).get("bitcoin")).toBe(titles.length);
    const mine = await countArticlesByFeed(handle.database, "mf-aaaaaaaaaaaa");
    expect(mine.get("mf-aaaaaaaaaaaa")).toBe(MEMBER_FEED_MAX_ITEMS);
  });

  it("fetches, parses and stores a feed, and records its status", async () => {
    answers["/bitcoin"] = { body: rss(["BTC up", "BTC down"]), etag: '"v1"' };
    expect(await refreshFeed(ctx, bitcoin())).toBe("updated");
    expect((await listArticles(handle.database, { feedKey: "bitcoin", limit: 10 })).map((a) => a.title).sort()).toEqual(
      ["BTC down", "BTC up"],
    );
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({
      etag: '"v1"',
      last_success_at: clock,
      last_error: null,
      next_fetch_at: clock + 5 * MINUTE,
    });
  });

  it("treats a 304 as success and keeps the stored items", async () => {
    answers["/bitcoin"] = { body: rss(["BTC up"]), etag: '"v1"' };
    await refreshFeed(ctx, bitcoin());
    answers["/bitcoin"] = { body: rss([]), etag: '"v1"' };
    clock += 10 * MINUTE;
    expect(await refreshFeed(ctx, bitcoin())).toBe("not-modified");
    expect(await listArticles(handle.database, { feedKey: "bitcoin", limit: 10 })).toHaveLength(1);
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({ last_success_at: clock, etag: '"v1"' });
  });

  it("keeps a failing feed's items, records the error and when, and backs off", async () => {
    answers["/bitcoin"] = { body: rss(["BTC up"]) };
    await refreshFeed(ctx, bitcoin());
    answers["/bitcoin"] = { status: 500 };
    clock += 10 * MINUTE;
    expect(await refreshFeed(ctx, bitcoin())).toBe("failed");
    clock += 1;
    expect(await refreshFeed(ctx, bitcoin())).toBe("failed");
    expect(await listArticles(handle.database, { feedKey: "bitcoin", limit: 10 })).toHaveLength(1);
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({
      last_error: expect.stringMatching(/^HTTP 500 from 127\.0\.0\.1:\d+$/),
      last_error_at: clock,
      consecutive_failures: 2,
      next_fetch_at: clock + 10 * MINUTE,
    });
  });

  it("records a feed that is not a feed as 'Failed to parse feed content'", async () => {
    answers["/bitcoin"] = { body: "<html><body>Just a moment...</body></html>" };
    expect(await refreshFeed(ctx, bitcoin())).toBe("failed");
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({
      last_error: "Failed to parse feed content",
      last_error_detail: "Invalid XML feed structure",
    });
  });

  it.each([
    ["an empty <rss>", "<rss></rss>", 0],
    [
      "items directly under <rss>",
      '<rss version="2.0"><item><title>No channel</title><link>https://a.example/1</link></item></rss>',
      1,
    ],
  ])("records %s as a success, not a failure to back off", async (_, body, stored) => {
    answers["/bitcoin"] = { body };
    expect(await refreshFeed(ctx, bitcoin())).toBe("updated");
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({
      last_error: null,
      consecutive_failures: 0,
    });
    expect(await listArticles(handle.database, { feedKey: "bitcoin", limit: 10 })).toHaveLength(stored);
  });

  it("records 'All proxies failed' exactly when the relays fail too, the last error as its detail", async () => {
    answers["/bitcoin"] = { status: 500 };
    // The relay answers 404: the test server knows no such path.
    ctx.sources = { ...ctx.sources, relays: [`${base}/relay?url=`] };
    expect(await refreshFeed(ctx, bitcoin())).toBe("failed");
    const status = await getFeedStatus(handle.database, "bitcoin");
    expect(status).toMatchObject({ last_error: "All proxies failed", consecutive_failures: 1 });
    expect(status?.last_error_detail).toMatch(/^HTTP 404 from relay 127\.0\.0\.1:\d+$/);
    // A success clears the detail with the error.
    answers["/bitcoin"] = { body: rss(["BTC back"]) };
    clock += 10 * MINUTE;
    expect(await refreshFeed(ctx, bitcoin())).toBe("updated");
    expect(await getFeedStatus(handle.database, "bitcoin")).toMatchObject({
      last_error: null,
      last_error_detail: null,
    });
  });

  it("does not refresh a feed another process is refreshing", async () => {
    answers["/bitcoin"] = { body: rss(["BTC up"]) };
    await acquireLease(handle.database, { name: "feed:bitcoin", holder: "other-process", ttlMs: MINUTE, now: clock });
    expect(await refreshFeed(ctx, bitcoin())).toBe("busy");
    expect(await listArticles(handle.database, { feedKey: "bitcoin", limit: 10 })).toEqual([]);
  });

  it("refreshes only feeds that are due, at most 3 at a time", async () => {
    const keys = ["bitcoin", "news", "market", "search", "xfeed", "nftart", "youtube"];
    ctx.sources = sourcesFor(keys);
    for (const key of keys) answers[`/${key}`] = { body: rss([`${key} item`]), delayMs: 50 };
    expect((await refreshDueFeeds(ctx)).outcomes).toEqual({ updated: 7 });
    expect(maxInFlight).toBe(3);
    clock += MINUTE;
    expect(await refreshDueFeeds(ctx)).toEqual({ attempted: 0, outcomes: {} });
    clock += 5 * MINUTE;
    expect((await refreshDueFeeds(ctx)).attempted).toBe(7);
  });

  it("stores items with control characters and huge ids on every database", async () => {
    const longGuid = "g".repeat(12_000);
    answers["/bitcoin"] = {
      body: `<rss><channel><item><guid>${longGuid}</guid><title>Null\u0000byte</title><link>https://news.example/n</link><description>a\u0000b</description></item></channel></rss>`,
    };
    expect(await refreshFeed(ctx, bitcoin())).toBe("updated");
    const [row] = await listArticles(handle.database, { feedKey: "bitcoin", limit: 1 });
    expect(row).toMatchObject({ title: "Nullbyte", description: "ab", item_id: expect.stringMatching(/^sha256:/) });
  });

  it("keeps a slow feed's newest items however old they are", async () => {
    const old = Array.from(
      { length: 25 },
      (_, i) =>
        `<item><title>Old ${i}</title><link>https://news.example/old${i}</link><pubDate>${new Date(clock - (400 + i) * 86_400_000).toUTCString()}</pubDate></item>`,
    );
    answers["/bitcoin"] = { body: `<rss><channel>${old.join("")}</channel></rss>` };
    await refreshFeed(ctx, bitcoin());
    const rows = await listArticles(handle.database, { feedKey: "bitcoin", limit: 100 });
    expect(rows).toHaveLength(20);
    expect(rows[0]?.title).toBe("Old 0");
  });

  it("at start-up retries failing feeds at once, and leaves fresh ones alone", async () => {
    answers["/bitcoin"] = { status: 500 };
    answers["/news"] = { body: rss(["fresh"]) };
    await refreshDueFeeds(ctx);
    answers["/bitcoin"] = { body: rss(["back"]) };
    clock += MINUTE;
    expect(await refreshDueFeeds(ctx)).toEqual({ attempted: 0, outcomes: {} });
    expect(await refreshDueFeeds(ctx, { startup: true })).toEqual({ attempted: 1, outcomes: { updated: 1 } });
  });

  it("reports the store-level error only when every feed failed", async () => {
    answers["/bitcoin"] = { status: 503 };
    answers["/news"] = { body: rss(["ok"]) };
    await refreshDueFeeds(ctx);
    expect((await listFeeds(handle.database, ctx.sources)).error).toBeNull();
    answers["/news"] = { status: 503 };
    clock += 60 * MINUTE;
    await refreshDueFeeds(ctx);
    const { feeds, error } = await listFeeds(handle.database, ctx.sources);
    expect(error).toBe(ALL_FEEDS_FAILED);
    expect(feeds.find((f) => f.key === "news")).toMatchObject({
      itemCount: 1,
      lastError: expect.stringMatching(/HTTP 503/),
    });
  });
});
