import type { FastifyBaseLogger } from "fastify";
import { TRENDS_KEEP_MS } from "../../../contracts/trends-catalog.ts";
import type { Database } from "../../db/database.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { readSource } from "./read-source.ts";
import { deleteTrendsBefore, recordSourceRead, sourceRows, upsertTrends } from "./repository.ts";
import type { TrendSource } from "./sources.ts";

export type TrendsRefreshContext = {
  database: Database;
  fetcher: GuardedFetch;
  sources: readonly TrendSource[];
  refreshMs: number;
  /** This server's origin in sample mode, whose own sample pictures are kept (see trend-fields.ts). */
  ownOrigin?: string;
  log: FastifyBaseLogger;
  /** Ends reads under way when the server stops; an ended read is not noted as a failure. */
  signal?: AbortSignal;
};

/** Skipped items named in one warning per read; a broken feed does not flood the log. */
const MAX_SKIPS_LOGGED = 10;

/**
 * A source is read again once `refreshMs` has passed since its last read began; the
 * slack absorbs timers firing a little early, so a read is never put off a whole tick.
 */
export function isDue(lastAttemptAt: number | null, now: number, refreshMs: number): boolean {
  const slack = Math.min(60_000, refreshMs / 10);
  return lastAttemptAt === null || now - lastAttemptAt >= refreshMs - slack;
}

/**
 * Reads every source that is due, stores what each gave and notes how each read went,
 * then drops trends older than 7 days. A source that fails keeps what it gave before;
 * its reason is kept for the page. Items a source could not give are skipped with a
 * warning (spec §5). Returns the ids of the sources read.
 */
export async function refreshDueSources(ctx: TrendsRefreshContext, now: number): Promise<string[]> {
  const last = new Map((await sourceRows(ctx.database)).map((row) => [row.source, row.last_attempt_at]));
  const due = ctx.sources.filter((source) => isDue(toTime(last.get(source.id)), now, ctx.refreshMs));
  if (due.length === 0) return [];
  const fetchedAt = new Date(now);
  await Promise.all(due.map((source) => readAndStore(ctx, source, fetchedAt)));
  await deleteTrendsBefore(ctx.database, now - TRENDS_KEEP_MS);
  return due.map((source) => source.id);
}

const toTime = (value: number | null | undefined) => (value == null ? null : Number(value));

async function readAndStore(ctx: TrendsRefreshContext, source: TrendSource, fetchedAt: Date): Promise<void> {
  const at = fetchedAt.getTime();
  let read: Awaited<ReturnType<typeof readSource>>;
  try {
    read = await readSource(ctx.fetcher, source, { fetchedAt, ownOrigin: ctx.ownOrigin, signal: ctx.signal });
  } catch (error) {
    if (ctx.signal?.aborted) return;
    const reason = (error as Error).message;
    ctx.log.warn({ source: source.id, reason }, "trends source could not be read");
    await recordSourceRead(ctx.database, source.id, { at, error: reason });
    return;
  }
  if (read.skipped.length > 0) {
    ctx.log.warn(
      { source: source.id, skipped: read.skipped.length, items: read.skipped.slice(0, MAX_SKIPS_LOGGED) },
      "trend items skipped: they could not be read",
    );
  }
  // Older than any period: not worth a row only to be deleted.
  const recent = read.trends.filter((trend) => trend.pubDate >= at - TRENDS_KEEP_MS);
  await upsertTrends(ctx.database, source.id, recent, at);
  await recordSourceRead(ctx.database, source.id, { at, error: null });
}
