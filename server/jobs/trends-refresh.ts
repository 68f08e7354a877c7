import { acquireLease, releaseLease } from "../lib/jobs/lease.ts";
import { repeatEvery } from "../lib/jobs/repeat.ts";
import { refreshDueSources, type TrendsRefreshContext } from "../modules/trends/index.ts";

/** The lease and the job_runs name. */
const LEASE = "trends-refresh";
/** How often the job looks for due sources; each source is read every TRENDS_REFRESH_MS. */
export const TRENDS_TICK_MS = 60_000;
/** A little over two ticks: a stopped holder's lease runs out before the next-but-two tick. */
const LEASE_TTL_MS = 150_000;

export type TrendsJobContext = TrendsRefreshContext & { holder: string };

/**
 * One tick: under the lease (one process reads the sources, however many run), reads the
 * sources that are due, each claimed once per period in job_runs. The lease is kept, not given back, so the same process goes on
 * reading; a re-read changes nothing twice. Returns the sources read (none without the lease).
 */
export async function refreshTrends(ctx: TrendsJobContext, now = Date.now()): Promise<string[]> {
  if (!(await acquireLease(ctx.database, { name: LEASE, holder: ctx.holder, ttlMs: LEASE_TTL_MS, now }))) return [];
  return refreshDueSources(ctx, now, { job: LEASE, holder: ctx.holder, staleAfterMs: LEASE_TTL_MS });
}

/** Looks now and then every minute, one tick at a time; `stop` waits for the tick under way and gives the lease up. */
export function startTrendsRefresh(ctx: TrendsJobContext, everyMs = TRENDS_TICK_MS) {
  const stopping = new AbortController();
  const repeating = repeatEvery(
    () => refreshTrends({ ...ctx, signal: stopping.signal }),
    everyMs,
    (error) => ctx.log.error({ err: error }, "trends refresh failed"),
  );
  return {
    async stop() {
      stopping.abort();
      await repeating.stop();
      // Another process may take over at once rather than when the lease expires.
      await releaseLease(ctx.database, { name: LEASE, holder: ctx.holder }).catch(() => {});
    },
  };
}
