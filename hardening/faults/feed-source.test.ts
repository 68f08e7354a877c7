/**
 * Fault: feed sources that answer 500s, hang, drip or send garbage for an hour of
 * simulated time, while the real feed scheduler runs. The scheduler's clock (Date) and
 * its 30-second check (setInterval) are fake, so an hour passes in a few seconds and
 * every attempt lands on a known check; the sockets are real, and a hanging or dripping
 * source is cut off by the guarded client's own deadline (made short: a real wait).
 * Nothing here depends on how long anything took.
 * The sources and the queries on what was stored: feed-source-server.ts.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFeedScheduler } from "../../server/jobs/feed-scheduler.ts";
import { createLogger } from "../../server/logger.ts";
import { feedCatalog } from "../../server/modules/articles/catalog.ts";
import type { Sources } from "../../server/modules/feeds/sources.ts";
import { createGuardedFetch, type GuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../server/test/databases.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";
import {
  ATTEMPTS,
  FAILING,
  FEEDS,
  feedRows,
  itemsOf,
  type Mode,
  startSources,
  storedItems,
} from "./feed-source-server.ts";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** The scheduler's check, as in production (CHECK_INTERVAL_MS). */
const CHECK_MS = 30 * SECOND;
/** FEED_REFRESH_MS: the product's default at the quick size; a minute (more failures in the hour) at the full size. */
const REFRESH_MS = scale(5 * MINUTE, 1 * MINUTE);
const HOUR = 60 * MINUTE;
/**
 * The guarded client's deadline for the whole exchange, for sources that hang or drip:
 * production's is 20 s, here a short real wait. Every other answer gets production's
 * deadline, so a busy machine never turns a healthy answer into a timeout.
 */
const DEADLINE_MS = 250;
/** README: a failing feed waits the refresh period, doubled with each failure after the first, up to 6 hours. */
const backoffAfter = (failures: number) => Math.min(REFRESH_MS * 2 ** (failures - 1), 6 * HOUR);

describe.each(testDatabaseTargets())("Fault: feed sources failing for an hour ($dialect)", (target) => {
  let handle: TestDatabaseHandle;
  let sources: Awaited<ReturnType<typeof startSources>>;
  let app: FastifyInstance;
  const finishing = createGuardedFetch({ allowPrivate: true });
  const stalling = createGuardedFetch({ allowPrivate: true, timeoutMs: DEADLINE_MS });
  // Modes change only between scheduler passes, so each request meets the deadline its source's mode calls for.
  const fetcher = Object.assign(
    (url: string, init?: Parameters<GuardedFetch>[1]) => (sources.finishes(url) ? finishing : stalling)(url, init),
    { close: async () => void (await Promise.all([finishing.close(), stalling.close()])) },
  ) as GuardedFetch;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    sources = await startSources();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await fetcher.close();
    await sources?.close();
    await handle?.dispose();
  });

  it("backs off each failing feed as the README says, keeps the others refreshing and every stored item, says what failed, and recovers", async ({
    task,
  }) => {
    const feeds: Sources = {
      feeds: feedCatalog
        .filter((feed) => feed.key in FEEDS)
        .map((feed) => ({ ...feed, url: `${sources.base}/${feed.key}` })),
      relays: [],
    };
    // Only the scheduler's clock and check are fake: sockets, the database and the deadline are real.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: new Date("2026-11-26T00:00:00Z") });
    const start = Date.now();
    app = await buildTestApp(handle.database, { sources: feeds, env: { FEED_REFRESH_MS: String(REFRESH_MS) } });
    const waits: number[] = [];
    const scheduler = startFeedScheduler({
      database: handle.database,
      sources: feeds,
      fetcher,
      refreshMs: REFRESH_MS,
      retention: { maxItems: 100, maxAgeMs: 30 * 24 * HOUR },
      holder: "feed-source-fault",
      log: createLogger({ logLevel: "silent" }),
      // The waits between attempts are recorded, not slept: the fake clock stands still within a pass.
      sleep: async (ms) => void waits.push(ms),
    });
    try {
      // Every source healthy at first: each feed has stored items, which members vote on and keep.
      for (const key of Object.keys(FEEDS)) sources.setItems(key, itemsOf(key, "before"));
      await scheduler.idle();
      const stored = await storedItems(handle.database);
      for (const key of Object.keys(FEEDS)) expect(stored.get(key), key).toEqual(itemsOf(key, "before"));
      const acknowledged = acknowledgedWrites();
      const member = await joinAsMember(app, handle.database);
      for (const key of FAILING) {
        const link = itemsOf(key, "before")[0]?.link as string;
        const vote = await app.inject({
          method: "PUT",
          url: "/api/votes",
          payload: { link, vote: "up" },
          cookies: member.cookies,
        });
        expect(vote.statusCode, vote.body).toBe(200);
        acknowledged.vote(member.id, link, "up");
        const favorite = await app.inject({
          method: "PUT",
          url: "/api/favorites",
          payload: { link },
          cookies: member.cookies,
        });
        expect(favorite.statusCode, favorite.body).toBe(200);
        acknowledged.favorite(member.id, link);
      }

      // An hour of failures, one scheduler check every 30 s.
      for (const key of FAILING) sources.setMode(key, FEEDS[key] as Mode);
      const healthyBefore = sources.hits("bitcoin");
      const hitsBefore = new Map(FAILING.map((key) => [key, sources.hits(key)]));
      const failuresSeen = new Map<string, Array<{ failures: number; at: number; delay: number }>>(
        FAILING.map((key) => [key, []]),
      );
      for (let elapsed = CHECK_MS; elapsed <= HOUR; elapsed += CHECK_MS) {
        await vi.advanceTimersByTimeAsync(CHECK_MS);
        await scheduler.idle();
        for (const row of await feedRows(handle.database)) {
          const seen = failuresSeen.get(row.key);
          if (!seen || row.consecutive_failures === (seen.at(-1)?.failures ?? 0)) continue;
          const failedAt = Number(row.last_error_at);
          seen.push({
            failures: row.consecutive_failures,
            at: failedAt - start,
            delay: Number(row.next_fetch_at) - failedAt,
          });
        }
      }
      injected(task, sources.failingAnswers());

      // Each failing feed was tried when due and no sooner: first after the refresh period,
      // then after a wait that doubled each time — the same sequence for every mode.
      const expected: Array<{ failures: number; at: number; delay: number }> = [];
      for (let failures = 1, at = REFRESH_MS; at <= HOUR; failures++, at += backoffAfter(failures - 1)) {
        expected.push({ failures, at, delay: backoffAfter(failures) });
      }
      expect(expected.length).toBe(scale(4, 6));
      for (const key of FAILING) expect(failuresSeen.get(key), `${key} (${FEEDS[key]})`).toEqual(expected);
      for (const key of FAILING) {
        const mode = FEEDS[key] as Mode;
        expect(sources.hits(key) - (hitsBefore.get(key) ?? 0), `${key} attempts`).toBe(
          expected.length * ATTEMPTS[mode],
        );
      }
      const retrying = FAILING.filter((key) => ATTEMPTS[FEEDS[key] as Mode] === 3).length;
      expect(waits.filter((ms) => ms === 2_000)).toHaveLength(retrying * expected.length);
      expect(waits.filter((ms) => ms === 3_000)).toHaveLength(retrying * expected.length);
      expect(waits).toHaveLength(2 * retrying * expected.length);

      // The healthy feed was refreshed on its period throughout, never held up or failed.
      expect(sources.hits("bitcoin") - healthyBefore).toBe(HOUR / REFRESH_MS);
      const healthy = (await feedRows(handle.database)).find((row) => row.key === "bitcoin");
      expect(healthy).toMatchObject({ consecutive_failures: 0, last_error: null });
      expect(Number(healthy?.last_success_at)).toBe(start + HOUR);

      // Every item the failing feeds had is still there, and so are the members' votes and favorites.
      expect(await storedItems(handle.database)).toEqual(stored);
      await expectNothingLost(task, handle.database, acknowledged);
      await expectBankHolds(task, handle.database);

      // The feed status API says, in plain words, what failed, how often and when it is tried next.
      const statusResponse = await app.inject({ method: "GET", url: "/api/feeds" });
      expect(statusResponse.statusCode).toBe(200);
      const status = statusResponse.json() as { feeds: FeedStatusShown[]; error: string | null };
      expect(status.error).toBeNull(); // not every feed failed
      const host = new URL(sources.base).host;
      const reasons: Record<string, string> = {
        "http-500": `${host} had a server error (HTTP 500).`,
        hang: `${host} did not answer in time (within 0.25 seconds).`,
        drip: `${host} did not answer in time (within 0.25 seconds).`,
        garbage: `${host} answered, but not with a feed Gemwire can read (perhaps an error or login page).`,
      };
      const last = expected.at(-1) as (typeof expected)[number];
      for (const key of FAILING) {
        const shown = status.feeds.find((feed) => feed.key === key);
        expect(shown?.lastErrorReason, key).toBe(reasons[FEEDS[key] as Mode]);
        expect(shown, key).toMatchObject({
          consecutiveFailures: last.failures,
          lastErrorAt: iso(start + last.at),
          nextAttempt: iso(start + last.at + last.delay),
          lastUpdated: iso(start),
          itemCount: 3,
        });
      }
      expect(status.feeds.find((feed) => feed.key === "bitcoin")).toMatchObject({
        lastError: null,
        consecutiveFailures: 0,
        lastUpdated: iso(start + HOUR),
        nextAttempt: iso(start + HOUR + REFRESH_MS),
      });

      // The sources recover: each feed is refreshed when its backoff ends, and its failure clears.
      for (const key of FAILING) {
        sources.setMode(key, "healthy");
        sources.setItems(key, [...itemsOf(key, "after", 1), ...itemsOf(key, "before")]);
      }
      const recovery = last.at + last.delay;
      for (let elapsed = HOUR + CHECK_MS; elapsed <= recovery; elapsed += CHECK_MS) {
        await vi.advanceTimersByTimeAsync(CHECK_MS);
        await scheduler.idle();
        const rows = await feedRows(handle.database);
        const failing = rows.filter((row) => FAILING.includes(row.key) && row.last_error !== null);
        // Nobody is tried before their backoff ends.
        expect(failing.length, `at ${(elapsed - HOUR) / MINUTE} min after the hour`).toBe(
          elapsed < recovery ? FAILING.length : 0,
        );
      }
      const recovered = (await app.inject({ method: "GET", url: "/api/feeds" })).json() as { feeds: FeedStatusShown[] };
      const after = await storedItems(handle.database);
      for (const key of FAILING) {
        expect(recovered.feeds.find((feed) => feed.key === key)).toMatchObject({
          lastError: null,
          lastErrorReason: null,
          consecutiveFailures: 0,
          lastUpdated: iso(start + recovery),
          nextAttempt: iso(start + recovery + REFRESH_MS),
          itemCount: 4,
        });
        expect(after.get(key)).toEqual([...itemsOf(key, "after", 1), ...itemsOf(key, "before")]);
      }
      await expectNothingLost(task, handle.database, acknowledged);
    } finally {
      await scheduler.stop();
      vi.useRealTimers();
    }
  });

  type FeedStatusShown = {
    key: string;
    lastError: string | null;
    lastErrorReason: string | null;
    consecutiveFailures: number;
    nextAttempt: string | null;
  };
});

const iso = (time: number) => new Date(time).toISOString();
