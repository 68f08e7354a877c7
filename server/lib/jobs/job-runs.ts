import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Schema } from "../../db/schema.ts";
import { isHolderGone } from "./holder.ts";

/** job_runs rows are kept this long (the maintenance job prunes older ones). */
export const JOB_RUNS_KEEP_MS = 7 * 24 * 60 * 60_000;
/** The outcome of a run whose work threw. */
const THREW = "failed";
/** A failure's message is kept this long at most. */
const DETAIL_MAX = 500;

/** One period of one job, as claimed by one holder (a process, see server/main.ts). */
export type PeriodRun = {
  job: string;
  /** Names the period: a minute, a tick, a feed's due time… Two claims of the same period collide. */
  period: string;
  /** When the period began (epoch ms), for people reading the table. */
  periodStart: number;
  holder: string;
  /**
   * An unfinished claim older than this was left by a holder that died: the job's lease
   * time, after which another holder may take the lease, and so the period, over.
   */
  staleAfterMs: number;
};

/** The period of length `everyMs` that `now` falls in, e.g. the minute for price history. */
export function periodOf(
  job: string,
  now: number,
  { everyMs, holder, staleAfterMs }: { everyMs: number; holder: string; staleAfterMs: number },
): PeriodRun {
  const periodStart = Math.floor(now / everyMs) * everyMs;
  return { job, period: String(periodStart), periodStart, holder, staleAfterMs };
}

/**
 * Claims `run`'s period for its holder. Returns false when the period was already run, or
 * is being run. A claim left unfinished for longer than `staleAfterMs` (its holder died;
 * its lease has run out) is taken over — at once when its holder was a process of this
 * machine that is gone (holder.ts) — as is a run a shutdown cut short ('abandoned'),
 * and a run that threw once `staleAfterMs` has passed: a period named by state the run
 * itself moves on (a feed's due time) stays due when the run failed before moving it —
 * a database write refused, say — and must not stop that job for good.
 * Call it under the job's lease, which keeps holders from even trying at once.
 */
export async function claimRun(database: Database, run: PeriodRun, now: number): Promise<boolean> {
  const { db } = database;
  /** The claim begun afresh by this holder, naming the one it took over from. */
  const restart = (eb: ExpressionBuilder<Schema, "job_runs">) => ({
    holder: run.holder,
    started_at: now,
    finished_at: null,
    outcome: null,
    detail: null,
    attempts: eb("job_runs.attempts", "+", 1),
    taken_over_from: eb.ref("job_runs.holder"),
  });
  const result = await db
    .insertInto("job_runs")
    .values({
      job: run.job,
      period: run.period,
      period_start: run.periodStart,
      holder: run.holder,
      started_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(["job", "period"])
        .doUpdateSet(restart)
        .where((eb) =>
          eb.or([
            eb.and([
              eb.or([eb("job_runs.finished_at", "is", null), eb("job_runs.outcome", "=", THREW)]),
              eb("job_runs.started_at", "<=", now - run.staleAfterMs),
            ]),
            eb("job_runs.outcome", "=", "abandoned"),
          ]),
        ),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  // An unfinished claim of a process of this machine that is gone (killed mid-run) is
  // taken over at once instead of after staleAfterMs (holder.ts).
  const current = await db
    .selectFrom("job_runs")
    .select(["holder", "finished_at"])
    .where("job", "=", run.job)
    .where("period", "=", run.period)
    .executeTakeFirst();
  if (!current || current.finished_at !== null || !isHolderGone(current.holder)) return false;
  const taken = await db
    .updateTable("job_runs")
    .set(restart)
    .where("job", "=", run.job)
    .where("period", "=", run.period)
    .where("holder", "=", current.holder)
    .where("finished_at", "is", null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Records how a claimed run ended; a holder whose run was taken over meanwhile changes nothing. */
export async function finishRun(
  { db }: Database,
  run: PeriodRun,
  ended: { outcome: string; detail?: string | null; now: number },
): Promise<void> {
  await db
    .updateTable("job_runs")
    .set({ finished_at: ended.now, outcome: ended.outcome, detail: ended.detail?.slice(0, DETAIL_MAX) ?? null })
    .where("job", "=", run.job)
    .where("period", "=", run.period)
    .where("holder", "=", run.holder)
    .execute();
}

export type Ran<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` once for `run`'s period, however many holders try: claims the period (see
 * claimRun, so under the job's lease), runs, and records the outcome — `outcomeOf` the
 * value, 'failed' with the error's message when it throws (the error goes on to the
 * caller), 'abandoned' when it was aborted (so the next holder runs the period again).
 */
export async function runOncePerPeriod<T>(
  database: Database,
  run: PeriodRun,
  work: () => Promise<T>,
  options: { now?: () => number; outcomeOf?: (value: T) => { outcome: string; detail?: string | null } } = {},
): Promise<Ran<T>> {
  const now = options.now ?? Date.now;
  if (!(await claimRun(database, run, now()))) return { ran: false };
  let value: T;
  try {
    value = await work();
  } catch (error) {
    const aborted = (error as Error).name === "AbortError";
    await finishRun(database, run, {
      outcome: aborted ? "abandoned" : THREW,
      detail: (error as Error).message,
      now: now(),
    }).catch(() => {});
    throw error;
  }
  await finishRun(database, run, { ...(options.outcomeOf?.(value) ?? { outcome: "ok" }), now: now() });
  return { ran: true, value };
}

/** Drops runs started before `before`; returns how many. */
export async function pruneRuns({ db }: Database, before: number): Promise<number> {
  const result = await db.deleteFrom("job_runs").where("started_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
