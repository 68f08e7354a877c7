import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { parseNewestItems } from "../../lib/feed-reader/parse-off-thread.ts";
import { FeedParseError } from "../../lib/feed-reader/raw-item.ts";
import { runOncePerPeriod } from "../../lib/jobs/job-runs.ts";
import { acquireLease, releaseLease } from "../../lib/jobs/lease.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import type { FeedDefinition } from "../articles/index.ts";
import {
  type FeedRow,
  getFeedStatus,
  isMemberFeedKey,
  MIN_ITEMS_KEPT,
  pruneArticles,
  recordFeedFailure,
  recordFeedSuccess,
  upsertArticles,
} from "../articles/index.ts";
import { builtInCoinSource, type CoinSource } from "../coins/index.ts";
import { dueMemberFeeds, followedSince, pruneUnfollowedFeeds } from "../member-feeds/index.ts";
import { FeedFetchError, type FetchFeedOptions, fetchFeed } from "./fetch-feed.ts";
import type { Sources } from "./sources.ts";

/** How long a failing feed may wait at most before it is tried again; it is never given up. */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** A refresh holds its feed's lease this long at most (3 attempts, waits, relays, parsing). */
const LEASE_MS = 5 * 60 * 1000;
/** Feeds refreshed at the same time, at most. */
export const REFRESH_CONCURRENCY = 3;
/**
 * Members' own feeds fetched per pass, at most, the longest waiting first: with a pass
 * every 30 seconds, 40 a minute, so members following thousands of feeds slow their
 * refresh down instead of flooding the server.
 */
export const MEMBER_FEEDS_PER_PASS = 20;

export type RefreshContext = {
  database: Database;
  sources: Sources;
  fetcher: GuardedFetch;
  refreshMs: number;
  retention: { maxItems: number; maxAgeMs: number };
  /** The coin index articles are tagged with (Gemwire's own coins when not given). */
  coins?: CoinSource;
  /** Identifies this process in job leases. */
  holder: string;
  /**
   * Members' own feeds, fetched too when given (MEMBER_FEEDS), through their own client:
   * public addresses only, whatever `fetcher` may reach (member-feeds/fetch.ts).
   */
  memberFeeds?: { fetcher: GuardedFetch };
  log: FastifyBaseLogger;
  now?: () => number;
  sleep?: FetchFeedOptions["sleep"];
  signal?: AbortSignal;
};

/**
 * "done-elsewhere": another process refreshed the feed after this one found it due;
 * "unfollowed": a member's feed whose last follower left after this pass found it due.
 */
export type RefreshOutcome = "updated" | "not-modified" | "failed" | "busy" | "done-elsewhere" | "unfollowed";

/** After n consecutive failures: the refresh period doubled n-1 times, capped. */
export function failureBackoff(refreshMs: number, failures: number): number {
  return Math.min(refreshMs * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/** The job_runs name of feed refreshes; each feed's due time is a period of its own. */
export const FEED_REFRESH_JOB = "feed-refresh";

type FeedStatus = Pick<FeedRow, "url" | "next_fetch_at" | "last_error" | "last_attempt_at">;

/**
 * Whether a feed is due at `now`: never fetched, its address changed, or its next fetch
 * time has come; at start-up also when it is failing (tried again at once, whatever its
 * backoff said).
 */
export function isFeedDue(status: FeedStatus | undefined, url: string, now: number, startup: boolean): boolean {
  return !status || status.url !== url || status.next_fetch_at <= now || (startup && status.last_error !== null);
}

/** When a pass found the feed due: the time it read the list, and whether it was the start-up pass. */
export type FoundDue = { listedAt: number; startup: boolean };

/**
 * Refreshes one feed under its lease, so it never runs twice at once, even across
 * processes. On failure the stored items stay and the feed's status records the error.
 * With `found` (a pass found it due), the feed is refreshed only if it is still due once
 * the lease is held — another process may have refreshed it and given the lease back
 * after this one read the due list — and the refresh is claimed in job_runs for the
 * feed's due time, with its outcome, so it runs once per period.
 */
export async function refreshFeed(
  ctx: RefreshContext,
  feed: { key: string; url: string },
  found?: FoundDue,
): Promise<RefreshOutcome> {
  const now = ctx.now ?? Date.now;
  const lease = { name: `feed:${feed.key}`, holder: ctx.holder };
  if (!(await acquireLease(ctx.database, { ...lease, ttlMs: LEASE_MS, now: now() }))) return "busy";
  try {
    const status = await getFeedStatus(ctx.database, feed.key);
    if (!found) return await fetchAndStore(ctx, feed, status);
    const attemptedSince = status?.last_attempt_at != null && Number(status.last_attempt_at) > found.listedAt;
    if (attemptedSince || !isFeedDue(status, feed.url, found.listedAt, found.startup)) return "done-elsewhere";
    const period = await feedPeriod(ctx.database, feed.key, status, found.listedAt, ctx.refreshMs);
    if (!period) return "unfollowed";
    const run = await runOncePerPeriod(
      ctx.database,
      { job: FEED_REFRESH_JOB, holder: ctx.holder, staleAfterMs: LEASE_MS, ...period },
      () => fetchAndStore(ctx, feed, status),
      { now, outcomeOf: (outcome) => ({ outcome }) },
    );
    return run.ran ? run.value : "done-elsewhere";
  } finally {
    await releaseLease(ctx.database, lease).catch(() => {});
  }
}

/**
 * The period a refresh serves: the feed's due time (every refresh moves it on, so each
 * is a period of its own). For a feed never fetched: a built-in feed's first fetch is
 * the refresh period `now` falls in; a member's feed's, the time its followers began
 * following it, since a feed whose last follower left loses its status and is started
 * afresh by its next follower, within the same refresh period or not. Null when nobody
 * follows that member's feed any more (nothing to fetch).
 */
async function feedPeriod(
  database: Database,
  key: string,
  status: FeedStatus | undefined,
  now: number,
  refreshMs: number,
): Promise<{ period: string; periodStart: number } | null> {
  if (status) return { period: `${key}@${status.next_fetch_at}`, periodStart: Number(status.next_fetch_at) };
  if (isMemberFeedKey(key)) {
    const since = await followedSince(database, key);
    return since === null ? null : { period: `${key}@first:${since}`, periodStart: since };
  }
  const periodStart = Math.floor(now / refreshMs) * refreshMs;
  return { period: `${key}@first:${periodStart}`, periodStart };
}

/** Fetches the feed and stores what it gave, or records why it could not be read. */
async function fetchAndStore(
  ctx: RefreshContext,
  feed: { key: string; url: string },
  status: FeedRow | undefined,
): Promise<"updated" | "not-modified" | "failed"> {
  const now = ctx.now ?? Date.now;
  // Validators only apply to the address they came from.
  const validators =
    status && status.url === feed.url
      ? { etag: status.etag, lastModified: status.last_modified }
      : { etag: null, lastModified: null };
  try {
    const result = await fetchFeed(ctx.fetcher, feed.url, validators, {
      relays: ctx.sources.relays,
      sleep: ctx.sleep,
      signal: ctx.signal,
    });
    const fetchedAt = now();
    if (result.kind === "fetched") {
      const maxItems = retainedItems(feed.key, ctx.retention.maxItems);
      // Only what retention would keep is ever written: a feed of 100,000 items costs
      // no more than one of maxItems, and a big one is parsed off the main thread.
      const items = await parseNewestItems(
        {
          body: result.body,
          contentType: result.contentType,
          fetchedAt,
          baseUrl: result.url,
          keep: maxItems,
        },
        ctx.signal,
      );
      await upsertArticles(
        ctx.database,
        feed.key,
        withinRetention(items, fetchedAt - ctx.retention.maxAgeMs),
        fetchedAt,
        (ctx.coins ?? builtInCoinSource).current(),
      );
      await pruneArticles(ctx.database, feed.key, {
        maxPerFeed: maxItems,
        maxAgeMs: ctx.retention.maxAgeMs,
        now: fetchedAt,
      });
    }
    await recordFeedSuccess(ctx.database, feed.key, {
      url: feed.url,
      etag: result.kind === "fetched" ? result.validators.etag : validators.etag,
      lastModified: result.kind === "fetched" ? result.validators.lastModified : validators.lastModified,
      now: fetchedAt,
      nextFetchAt: fetchedAt + ctx.refreshMs,
    });
    return result.kind === "fetched" ? "updated" : "not-modified";
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    const failedAt = now();
    const message = (error as Error).message;
    const detail = errorDetail(error);
    const failures = await recordFeedFailure(ctx.database, feed.key, {
      url: feed.url,
      error: message,
      detail,
      now: failedAt,
      nextFetchAt: (n) => failedAt + failureBackoff(ctx.refreshMs, n),
    });
    ctx.log.warn({ feed: feed.key, failures, err: message, detail }, "feed refresh failed; keeping its stored items");
    return "failed";
  }
}

/** What went wrong underneath the message readers see: the relays' last error, or a parse error's cause. */
function errorDetail(error: unknown): string | null {
  if (error instanceof FeedFetchError) return error.detail;
  if (error instanceof FeedParseError) return error.reason;
  return null;
}

/**
 * The most articles a member's feed keeps: far fewer than a built-in feed's, since each
 * follow can add a feed and its articles take part in members' stories (decision 023).
 */
export const MEMBER_FEED_MAX_ITEMS = 200;

/** How many articles a feed keeps: FEED_MAX_ITEMS, and for a member's feed at most MEMBER_FEED_MAX_ITEMS. */
export const retainedItems = (key: string, maxItems: number) =>
  isMemberFeedKey(key) ? Math.min(maxItems, MEMBER_FEED_MAX_ITEMS) : maxItems;

/** Items past the age limit are not stored, except a feed's newest few (see pruneArticles). */
function withinRetention<T extends { pubDate: Date }>(items: T[], cutoff: number): T[] {
  const newest = new Set([...items].sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime()).slice(0, MIN_ITEMS_KEPT));
  return items.filter((item) => item.pubDate.getTime() >= cutoff || newest.has(item));
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  // Every worker is waited for, even when one fails: nothing may run on after a stop.
  const results = await Promise.allSettled(workers);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

export type RefreshSummary = { attempted: number; outcomes: Partial<Record<RefreshOutcome, number>> };

/**
 * Refreshes every feed that is due (never fetched, its address changed, or its next fetch
 * time has come; at start-up also every failing feed), a few at a time: the built-in
 * feeds, then, when members' feeds are on, up to MEMBER_FEEDS_PER_PASS of the feeds
 * members follow (each once, however many follow it). Feeds nobody follows any more
 * lose their articles.
 */
export async function refreshDueFeeds(
  ctx: RefreshContext,
  {
    startup = false,
    busy,
    onListed,
    onLeftOver,
    onFreed,
  }: {
    startup?: boolean;
    /** Feeds being refreshed by other passes of this process (shared by them all): see below. */
    busy?: Set<string>;
    /** Told once the due feeds are known, before any is refreshed. */
    onListed?: () => void;
    /** Told when a due feed is left for a later pass because every slot was taken. */
    onLeftOver?: () => void;
    /** Told when a feed's refresh ends and frees its slot. */
    onFreed?: () => void;
  } = {},
): Promise<RefreshSummary> {
  const now = (ctx.now ?? Date.now)();
  const builtIn = ctx.sources.feeds.map((feed) => feed.key);
  const rows =
    builtIn.length === 0
      ? []
      : await ctx.database.db
          .selectFrom("feeds")
          .select(["key", "url", "next_fetch_at", "last_error", "last_attempt_at"])
          .where("key", "in", builtIn)
          .execute();
  const statuses = new Map(rows.map((row) => [row.key, row]));
  const due: Array<{ key: string; url: string }> = ctx.sources.feeds.filter(
    (feed): feed is FeedDefinition & { url: string } =>
      feed.url !== null && !busy?.has(feed.key) && isFeedDue(statuses.get(feed.key), feed.url, now, startup),
  );
  const work = due.map((feed) => ({ feed, fetcher: ctx.fetcher }));
  const memberFeeds = ctx.memberFeeds;
  if (memberFeeds) {
    await pruneUnfollowedFeeds(ctx.database);
    // Feeds another pass is refreshing are left out below: ask for that many more.
    const members = await dueMemberFeeds(ctx.database, {
      now,
      startup,
      limit: MEMBER_FEEDS_PER_PASS + (busy?.size ?? 0),
    });
    work.push(
      ...members
        .filter((feed) => !busy?.has(feed.key))
        .slice(0, MEMBER_FEEDS_PER_PASS)
        .map((feed) => ({ feed, fetcher: memberFeeds.fetcher })),
    );
  }
  onListed?.();
  const summary: RefreshSummary = { attempted: 0, outcomes: {} };
  // Passes may overlap (the scheduler's next one does not wait for a feed that hangs):
  // `busy` holds the feeds being refreshed by any of them, so each is fetched by one pass
  // at a time, and all of them together by at most REFRESH_CONCURRENCY; a feed that finds
  // every slot taken is left for a later pass (it is still due; the scheduler starts one
  // as soon as a slot frees).
  await eachLimited(work, REFRESH_CONCURRENCY, async ({ feed, fetcher }) => {
    ctx.signal?.throwIfAborted();
    if (busy?.has(feed.key)) return;
    if (busy && busy.size >= REFRESH_CONCURRENCY) {
      onLeftOver?.();
      return;
    }
    busy?.add(feed.key);
    try {
      summary.attempted += 1;
      const outcome = await refreshFeed({ ...ctx, fetcher }, feed, { listedAt: now, startup });
      summary.outcomes[outcome] = (summary.outcomes[outcome] ?? 0) + 1;
    } finally {
      busy?.delete(feed.key);
      onFreed?.();
    }
  });
  // One feed failing alone in a pass of its own is that feed's status, not an outage.
  if (summary.attempted > 1 && summary.outcomes.failed === summary.attempted) {
    ctx.log.error({ feeds: summary.attempted }, "every feed failed to refresh");
  }
  return summary;
}
