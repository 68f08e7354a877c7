import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { periodOf, runOncePerPeriod } from "../lib/jobs/job-runs.ts";
import { acquireLease, releaseLease } from "../lib/jobs/lease.ts";
import { repeatEvery } from "../lib/jobs/repeat.ts";
import { type Resolution, resolveDuePredictions } from "../modules/gems/index.ts";
import type { PriceService } from "../modules/market/index.ts";

/** The lease and the job_runs name. */
const LEASE = "prediction-resolver";
/** How often ended predictions are looked at. */
export const RESOLVE_EVERY_MS = 10_000;
/** A stopped holder's lease lapses after a few missed ticks, so another process takes over. */
const LEASE_TTL_MS = 30_000;

export type PredictionResolverContext = {
  database: Database;
  prices: Pick<PriceService, "prices">;
  holder: string;
  log: FastifyBaseLogger;
  now?: () => number;
};

/**
 * One resolver pass under a lease, so one process resolves at a time, claimed once per
 * 10-second tick in job_runs. The lease is kept between passes; the guarded writes in
 * resolveDuePredictions keep a payout single even if two passes ever overlap (a lease
 * lapsing mid-pass).
 */
export async function runPredictionResolver(ctx: PredictionResolverContext): Promise<Resolution[]> {
  const clock = ctx.now ?? Date.now;
  const now = clock();
  if (!(await acquireLease(ctx.database, { name: LEASE, holder: ctx.holder, ttlMs: LEASE_TTL_MS, now }))) return [];
  const run = await runOncePerPeriod(
    ctx.database,
    periodOf(LEASE, now, { everyMs: RESOLVE_EVERY_MS, holder: ctx.holder, staleAfterMs: LEASE_TTL_MS }),
    () => resolveDuePredictions(ctx.database, ctx.prices, { now }),
    { now: clock, outcomeOf: (resolved) => ({ outcome: "ok", detail: `${resolved.length} resolved` }) },
  );
  if (!run.ran) return [];
  if (run.value.length > 0) ctx.log.info({ resolved: run.value.length }, "predictions resolved");
  return run.value;
}

/** Resolves now (at start-up) and every 10 s; `stop` waits for the pass under way and gives the lease up. */
export function startPredictionResolver(ctx: PredictionResolverContext, everyMs = RESOLVE_EVERY_MS) {
  const repeating = repeatEvery(
    () => runPredictionResolver(ctx),
    everyMs,
    (error) => ctx.log.error({ err: error }, "prediction resolution failed"),
  );
  return {
    async stop() {
      await repeating.stop();
      await releaseLease(ctx.database, { name: LEASE, holder: ctx.holder }).catch(() => {});
    },
  };
}
