import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Prices } from "../../contracts/market.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { createLogger } from "../logger.ts";
import { feedCatalog } from "../modules/articles/catalog.ts";
import { FEED_REFRESH_JOB, type RefreshContext, refreshDueFeeds, refreshFeed } from "../modules/feeds/refresh.ts";
import { trendSources } from "../modules/trends/sources.ts";
import { createGuardedFetch } from "../outbound/guarded-fetch.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../test/databases.ts";
import { recordingLog, startTrendsSources, rss as trendsRss } from "../test/trends-sources.ts";
import { type PredictionResolverContext, RESOLVE_EVERY_MS, runPredictionResolver } from "./prediction-resolver.ts";
import { type PriceHistoryContext, recordPriceSnapshots } from "./price-history.ts";
import { refreshTrends } from "./trends-refresh.ts";

/*
 * Two Gemwire processes on one database (two connections, two holders), each running
 * every job: each job runs once per period, counted in job_runs; a holder that died
 * mid-period has its period taken over once its lease has run out; failures are
 * recorded. The processes take turns here (two SQLite connections in one test process
 * cannot interleave transactions); the turns are the races that matter: one process
 * acting on what it read before the other finished, or after the other's lease lapsed.
 */
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const quiet = createLogger({ logLevel: "silent" });
const feedXml = (title: string) =>
  `<rss><channel><item><title>${title}</title><link>https://news.example/${title}</link><pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate></item></channel></rss>`;

/** Feeds on 127.0.0.1: counts the requests per path; `held` paths wait until released. */
let feedServer: http.Server;
let feedBase = "";
const hits: Record<string, number> = {};
const failing = new Set<string>();
let held: { path: string; release: () => void } | undefined;
beforeAll(async () => {
  feedServer = http.createServer((req, res) => {
    const path = req.url ?? "";
    hits[path] = (hits[path] ?? 0) + 1;
    const send = () => {
      if (failing.has(path)) res.writeHead(500).end();
      else res.writeHead(200).end(feedXml(path.slice(1)));
    };
    if (held?.path === path) {
      const wait = held;
      held = undefined;
      wait.release = send;
    } else send();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(() => {
  feedServer.closeAllConnections();
  feedServer.close();
});
const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 5_000 });
afterAll(() => fetcher.close());

const waitFor = async (check: () => boolean) => {
  // Up to 20 s: a loaded machine may be slow, and the check passes as soon as it holds.
  for (let i = 0; i < 2_000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe.each(testDatabaseTargets())("each job once per period with two processes on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let second: Database;
  let clock: number;
  beforeEach(async () => {
    handle = await openTestDatabase(target);
    second = openDatabase(handle.location);
    clock = T0;
    for (const key of Object.keys(hits)) delete hits[key];
    failing.clear();
  });
  afterEach(async () => {
    await second.close();
    await handle.dispose();
  });

  const runs = (job: string) =>
    handle.database.db.selectFrom("job_runs").selectAll().where("job", "=", job).orderBy("period").execute();
  /** A lease lapses while its holder still works (a long pause): the other process may take it. */
  const lapse = (name: string) => handle.database.db.deleteFrom("job_leases").where("name", "=", name).execute();

  describe("feed refresh", () => {
    const feeds = () =>
      feedCatalog
        .filter((feed) => feed.key === "bitcoin" || feed.key === "news")
        .map((feed) => ({ ...feed, url: `${feedBase}/${feed.key}` }));
    const processOn = (database: Database, holder: string, signal?: AbortSignal): RefreshContext => ({
      database,
      sources: { feeds: feeds(), relays: [] },
      fetcher,
      refreshMs: 5 * MINUTE,
      retention: { maxItems: 100, maxAgeMs: 365 * 24 * 60 * MINUTE },
      holder,
      log: quiet,
      now: () => clock,
      sleep: async () => {},
      signal,
    });

    it("does not refresh a feed again that the other process refreshed after this one found it due", async () => {
      const a = processOn(handle.database, "process-a");
      const b = processOn(second, "process-b");
      // B reads its due list, then A refreshes both feeds and gives their leases back.
      const listedAt = clock;
      clock += 1_000;
      expect((await refreshDueFeeds(a)).outcomes).toEqual({ updated: 2 });
      for (const feed of feeds()) {
        expect(await refreshFeed(b, feed, { listedAt, startup: false })).toBe("done-elsewhere");
      }
      expect(hits).toEqual({ "/bitcoin": 1, "/news": 1 });
      expect((await runs(FEED_REFRESH_JOB)).map((run) => [run.holder, run.outcome, run.attempts])).toEqual([
        ["process-a", "updated", 1],
        ["process-a", "updated", 1],
      ]);
      // Next period: whoever comes first refreshes, the other finds nothing due.
      clock += 5 * MINUTE;
      expect((await refreshDueFeeds(b)).outcomes).toEqual({ updated: 2 });
      expect(await refreshDueFeeds(a)).toEqual({ attempted: 0, outcomes: {} });
      expect(hits).toEqual({ "/bitcoin": 2, "/news": 2 });
      expect((await runs(FEED_REFRESH_JOB)).map((run) => run.holder).sort()).toEqual([
        "process-a",
        "process-a",
        "process-b",
        "process-b",
      ]);
    });

    it("retries a failing feed once when two processes start at once, and records the failure", async () => {
      failing.add("/bitcoin");
      const a = processOn(handle.database, "process-a");
      const b = processOn(second, "process-b");
      const listedAt = clock;
      clock += 1_000;
      expect((await refreshDueFeeds(a, { startup: true })).outcomes).toEqual({ updated: 1, failed: 1 });
      const tried = hits["/bitcoin"];
      const bitcoin = feeds().find((feed) => feed.key === "bitcoin") as { key: string; url: string };
      // B starts too: its start-up pass would retry failing feeds, but A just did.
      expect(await refreshFeed(b, bitcoin, { listedAt, startup: true })).toBe("done-elsewhere");
      expect(hits["/bitcoin"]).toBe(tried);
      const failed = (await runs(FEED_REFRESH_JOB)).find((run) => run.period.startsWith("bitcoin@"));
      expect(failed).toMatchObject({ holder: "process-a", outcome: "failed" });
      expect(failed?.finished_at).toBe(clock);
    });

    it("refreshes a feed again once the lease time has passed when its status could not be written", async () => {
      const a = processOn(handle.database, "process-a");
      const b = processOn(second, "process-b");
      expect((await refreshDueFeeds(a)).outcomes).toEqual({ updated: 2 });
      // Due again; the status write is refused once (a busy or dropped database): the
      // period — the feed's due time, which that write moves on — stays due, and must not
      // stop the feed for good.
      clock += 5 * MINUTE;
      const refuse =
        target.dialect === "sqlite"
          ? [
              "CREATE TRIGGER refuse_insert BEFORE INSERT ON feeds BEGIN SELECT RAISE(ABORT, 'transient'); END",
              "CREATE TRIGGER refuse_update BEFORE UPDATE ON feeds BEGIN SELECT RAISE(ABORT, 'transient'); END",
            ]
          : [
              "CREATE FUNCTION refuse_feeds() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'transient'; END $$",
              "CREATE TRIGGER refuse_feeds BEFORE INSERT OR UPDATE ON feeds FOR EACH ROW EXECUTE FUNCTION refuse_feeds()",
            ];
      for (const statement of refuse) await sql.raw(statement).execute(handle.database.db);
      await refreshDueFeeds(a).catch(() => {});
      expect(hits["/bitcoin"]).toBe(2);
      const allowed =
        target.dialect === "sqlite"
          ? ["DROP TRIGGER refuse_insert", "DROP TRIGGER refuse_update"]
          : ["DROP TRIGGER refuse_feeds ON feeds"];
      for (const statement of allowed) await sql.raw(statement).execute(handle.database.db);
      // Within the lease time the period counts as being run…
      clock += 60_000;
      await refreshDueFeeds(b);
      expect(hits["/bitcoin"]).toBe(2);
      // …after it, the next pass refreshes the feed, and its status is written.
      clock += 5 * MINUTE;
      await refreshDueFeeds(b);
      expect(hits["/bitcoin"]).toBe(3);
      const status = await handle.database.db
        .selectFrom("feeds")
        .selectAll()
        .where("key", "=", "bitcoin")
        .executeTakeFirst();
      expect(status?.next_fetch_at).toBe(clock + 5 * MINUTE);
    });

    it("takes over a period whose holder died mid-refresh once its lease has run out", async () => {
      const controller = new AbortController();
      const a = processOn(handle.database, "process-a", controller.signal);
      const b = processOn(second, "process-b");
      await refreshDueFeeds(b);
      clock += 5 * MINUTE;
      // A starts the next period's refresh of bitcoin and stops answering (its fetch hangs).
      held = { path: "/bitcoin", release: () => {} };
      const pending = held;
      const stuck = refreshDueFeeds({ ...a, sources: { feeds: feeds().slice(0, 1), relays: [] } });
      await waitFor(() => hits["/bitcoin"] === 2);
      clock += MINUTE;
      expect((await refreshDueFeeds(b)).outcomes).toEqual({ busy: 1, updated: 1 });
      expect(hits["/bitcoin"]).toBe(2);
      // The feed lease (5 minutes) has run out: B takes the lease and the period over.
      clock += 5 * MINUTE;
      expect((await refreshDueFeeds(b)).outcomes).toEqual({ updated: 2 });
      expect(hits["/bitcoin"]).toBe(3);
      // The period A claimed: bitcoin's due time after B's first refresh.
      const period = async () =>
        (await runs(FEED_REFRESH_JOB)).find((run) => run.period === `bitcoin@${T0 + 5 * MINUTE}`);
      expect(await period()).toMatchObject({
        holder: "process-b",
        attempts: 2,
        taken_over_from: "process-a",
        outcome: "updated",
      });
      // A, cut short at last, changes nothing of B's record.
      controller.abort();
      pending.release();
      await expect(stuck).rejects.toThrow(/abort/i);
      expect(await period()).toMatchObject({
        holder: "process-b",
        outcome: "updated",
      });
    });
  });

  describe("price history", () => {
    let calls = 0;
    let down = false;
    const prices: PriceHistoryContext["prices"] = {
      async prices(symbols) {
        calls++;
        if (down) throw new Error("price API unreachable");
        const answer: Prices["prices"] = {};
        for (const symbol of symbols) {
          answer[symbol] = { usd: 1, change24h: 0, marketCap: null, volume24h: null, asOf: "", source: "test" };
        }
        return { prices: answer, unavailable: null };
      },
    };
    beforeEach(() => {
      calls = 0;
      down = false;
    });

    it("records a minute once, even when the other process takes the lease over within it", async () => {
      const a = { database: handle.database, prices, holder: "process-a", log: quiet };
      const b = { database: second, prices, holder: "process-b", log: quiet };
      expect(await recordPriceSnapshots(a, T0 + 5_000)).toBeGreaterThan(0);
      await lapse("price-history");
      expect(await recordPriceSnapshots(b, T0 + 30_000)).toBe(0);
      expect(calls).toBe(1);
      expect(await recordPriceSnapshots(b, T0 + MINUTE + 1_000)).toBeGreaterThan(0);
      expect((await runs("price-history")).map((run) => [run.period_start, run.holder, run.outcome])).toEqual([
        [T0, "process-a", "ok"],
        [T0 + MINUTE, "process-b", "ok"],
      ]);
    });

    it("records a failed minute with its reason", async () => {
      down = true;
      const a = { database: handle.database, prices, holder: "process-a", log: quiet };
      await expect(recordPriceSnapshots(a, T0)).rejects.toThrow("price API unreachable");
      expect(await runs("price-history")).toMatchObject([
        { period_start: T0, holder: "process-a", outcome: "failed", detail: "price API unreachable" },
      ]);
    });
  });

  describe("prediction resolution", () => {
    const none: PredictionResolverContext["prices"] = {
      prices: async () => ({ prices: {}, unavailable: null }),
    };
    it("resolves once per 10-second tick however the lease moves", async () => {
      const run = (database: Database, holder: string, now: number) =>
        runPredictionResolver({ database, prices: none, holder, log: quiet, now: () => now });
      await run(handle.database, "process-a", T0 + 1_000);
      await lapse("prediction-resolver");
      await run(second, "process-b", T0 + 2_000);
      await run(second, "process-b", T0 + RESOLVE_EVERY_MS + 500);
      await run(handle.database, "process-a", T0 + RESOLVE_EVERY_MS + 600);
      expect(
        (await runs("prediction-resolver")).map((r) => [r.period_start, r.holder, r.outcome, r.detail, r.attempts]),
      ).toEqual([
        [T0, "process-a", "ok", "0 resolved", 1],
        [T0 + RESOLVE_EVERY_MS, "process-b", "ok", "0 resolved", 1],
      ]);
    });
  });

  describe("trends", () => {
    let sources: Awaited<ReturnType<typeof startTrendsSources>>;
    beforeAll(async () => {
      sources = await startTrendsSources();
    });
    afterAll(() => sources.close());
    beforeEach(() => {
      sources.requests.length = 0;
      const item = [{ title: "bitcoin", traffic: "1K+", pubDate: new Date(T0).toUTCString() }];
      sources.answers.rss = Object.fromEntries(["US", "GB", "CA", "AU", "IN"].map((geo) => [geo, trendsRss(item)]));
      sources.answers.rss.US = { status: 200, body: trendsRss(item), delayMs: 300 };
    });
    const processOn = (database: Database, holder: string) => ({
      database,
      fetcher,
      sources: trendSources({ trendsUrl: sources.rssUrl, realtimeTrendsUrl: undefined }),
      refreshMs: 30 * MINUTE,
      holder,
      log: recordingLog().log as FastifyBaseLogger,
    });

    it("reads each source once per period, even when the other process takes the lease over mid-read", async () => {
      const a = processOn(handle.database, "process-a");
      const b = processOn(second, "process-b");
      const reading = refreshTrends(a, T0);
      // A's read of US is slow; its lease lapses meanwhile and B takes it.
      await waitFor(() => sources.requests.length === 5);
      await lapse("trends-refresh");
      expect(await refreshTrends(b, T0 + 1_000)).toEqual([]);
      expect(await reading).toEqual(["US", "GB", "CA", "AU", "IN"]);
      expect(sources.requests).toHaveLength(5);
      // Next period B, whose lease it is now, reads; A finds nothing left to read.
      const next = T0 + 30 * MINUTE;
      expect(await refreshTrends(b, next)).toHaveLength(5);
      await lapse("trends-refresh");
      expect(await refreshTrends(a, next + 1_000)).toEqual([]);
      expect(sources.requests).toHaveLength(10);
      const recorded = await runs("trends-refresh");
      expect(recorded.map((run) => `${run.holder} ${run.outcome} ${run.attempts}`).sort()).toEqual([
        ...Array(5).fill("process-a ok 1"),
        ...Array(5).fill("process-b ok 1"),
      ]);
    });
  });
});
