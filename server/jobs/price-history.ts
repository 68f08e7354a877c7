import type { FastifyBaseLogger } from "fastify";
import { builtInTokens } from "../../contracts/market-catalog.ts";
import type { Database } from "../db/database.ts";
import { periodOf, runOncePerPeriod } from "../lib/jobs/job-runs.ts";
import { acquireLease, releaseLease } from "../lib/jobs/lease.ts";
import { repeatEvery } from "../lib/jobs/repeat.ts";
import type { PriceService } from "../modules/market/index.ts";
import { deleteSnapshotsBefore, insertSnapshots } from "../modules/market/index.ts";
import { snapshotsRecorded } from "../modules/market/service.ts";

const MINUTE = 60_000;
/** The lease and the job_runs name. */
const JOB = "price-history";
/** A little over a minute: a stopped holder's lease expires before the next-but-one minute. */
const LEASE_TTL_MS = 90_000;
/** Snapshots are kept this long (the longest chart range). */
export const PRICE_HISTORY_KEEP_MS = 30 * 24 * 60 * MINUTE;

export type PriceHistoryContext = {
  database: Database;
  prices: Pick<PriceService, "prices">;
  holder: string;
  log: FastifyBaseLogger;
};

/**
 * Records this minute's price of every built-in token that has one, and drops snapshots
 * older than 30 days. Under a lease, so one process records; the lease is kept (not
 * given back) so the same process goes on recording. The minute is claimed in job_runs,
 * so a holder that takes the lease over within a minute already recorded records nothing
 * (and a write of a minute already recorded would change nothing anyway). Returns how
 * many snapshots were new.
 */
export async function recordPriceSnapshots(ctx: PriceHistoryContext, now = Date.now()): Promise<number> {
  if (!(await acquireLease(ctx.database, { name: JOB, holder: ctx.holder, ttlMs: LEASE_TTL_MS, now }))) {
    return 0;
  }
  const run = await runOncePerPeriod(
    ctx.database,
    periodOf(JOB, now, { everyMs: MINUTE, holder: ctx.holder, staleAfterMs: LEASE_TTL_MS }),
    async () => {
      const symbols = builtInTokens.map((token) => token.symbol as string);
      const { prices } = await ctx.prices.prices(symbols);
      const priced = symbols.flatMap((symbol) => {
        const quote = prices[symbol];
        return quote ? [{ symbol, usd: quote.usd }] : [];
      });
      const recorded = await insertSnapshots(ctx.database, Math.floor(now / MINUTE) * MINUTE, priced);
      await deleteSnapshotsBefore(ctx.database, now - PRICE_HISTORY_KEEP_MS);
      if (recorded > 0) snapshotsRecorded(ctx.database);
      return recorded;
    },
  );
  return run.ran ? run.value : 0;
}

/** Records snapshots now and then every minute, one pass at a time; `stop` waits for the pass under way and gives the lease up. */
export function startPriceHistory(ctx: PriceHistoryContext, everyMs = MINUTE) {
  const repeating = repeatEvery(
    () => recordPriceSnapshots(ctx),
    everyMs,
    (error) => ctx.log.error({ err: error }, "price snapshot failed"),
  );
  return {
    async stop() {
      await repeating.stop();
      // Another process may take over at once rather than when the lease expires.
      await releaseLease(ctx.database, { name: JOB, holder: ctx.holder }).catch(() => {});
    },
  };
}
