import type { FastifyBaseLogger } from "fastify";
import { TRENDS_KEEP_MS } from "../../../contracts/trends-catalog.ts";
import type { Database } from "../../db/database.ts";
import { type PeriodRun, runOncePerPeriod } from "../../lib/jobs/job-runs.ts";
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
 * warning. With `runs` (the job, under its lease), each source's read is
 * claimed in job_runs for its due time, so a source is read once per period however
 * many processes find it due. Returns the ids of the sources read.
 */
export async function refreshDueSources(
  ctx: TrendsRefreshContext,
  now: number,
  runs?: Pick<PeriodRun, "job" | "holder" | "staleAfterMs">,
): Promise<string[]> {
  const last = new Map((await sourceRows(ctx.database)).map((row) => [row.source, row.last_attempt_at]));
  const due = ctx.sources.filter((source) => isDue(toTime(last.get(source.id)), now, ctx.refreshMs));
  if (due.length === 0) return [];
  const fetchedAt = new Date(now);
  const read = await Promise.all(
    due.map(async (source) => {
      if (!runs) {
        await readAndStore(ctx, source, fetchedAt);
        return true;
      }
      const lastRead = toTime(last.get(source.id));
      // The period a read serves: the one after the last read (the first one for a source never read).
      const periodStart =
        lastRead === null ? Math.floor(now / ctx.refreshMs) * ctx.refreshMs : lastRead + ctx.refreshMs;
      const period = `${source.id}@${lastRead === null ? `first:${periodStart}` : periodStart}`;
      const run = await runOncePerPeriod(
        ctx.database,
        { ...runs, period, periodStart },
        () => readAndStore(ctx, source, fetchedAt),
        { outcomeOf: runOutcome },
      );
      return run.ran;
    }),
  );
  await deleteTrendsBefore(ctx.database, now - TRENDS_KEEP_MS);
  return due.filter((_, i) => read[i]).map((source) => source.id);
}

function runOutcome(failure: string | null | typeof ABANDONED) {
  if (failure === ABANDONED) return { outcome: "abandoned" };
  return failure === null ? { outcome: "ok" } : { outcome: "failed", detail: failure };
}

const toTime = (value: number | null | undefined) => (value == null ? null : Number(value));

const ABANDONED = Symbol("abandoned");

/** Reads one source and stores what it gave; returns why it failed, null, or ABANDONED when a shutdown cut it short. */
async function readAndStore(
  ctx: TrendsRefreshContext,
  source: TrendSource,
  fetchedAt: Date,
): Promise<string | null | typeof ABANDONED> {
  const at = fetchedAt.getTime();
  let read: Awaited<ReturnType<typeof readSource>>;
  try {
    read = await readSource(ctx.fetcher, source, { fetchedAt, ownOrigin: ctx.ownOrigin, signal: ctx.signal });
  } catch (error) {
    // Cut short by a shutdown: not a failure, and the period is left for the next holder.
    if (ctx.signal?.aborted) return ABANDONED;
    const reason = (error as Error).message;
    ctx.log.warn({ source: source.id, reason }, "trends source could not be read");
    await recordSourceRead(ctx.database, source.id, { at, error: reason });
    return reason;
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
  return null;
}
