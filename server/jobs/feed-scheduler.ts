import { runCoinBackfill } from "../modules/feeds/coin-backfill.ts";
import { builtInCoinSource } from "../modules/feeds/coin-tags.ts";
import { type RefreshContext, refreshDueFeeds } from "../modules/feeds/refresh.ts";

/** How often the scheduler looks for feeds that are due; each feed has its own next time. */
export const CHECK_INTERVAL_MS = 30_000;

/**
 * Refreshes feeds at start-up and then whenever one is due, one pass at a time. At
 * start-up every failing feed is tried again, while feeds fetched successfully less than
 * FEED_REFRESH_MS ago are left alone; a failing feed then waits longer each time, up to a
 * cap, and is never given up. After each pass, articles stored before coin tags existed
 * are tagged, a bounded batch at a time (coin-backfill.ts).
 */
export function startFeedScheduler(ctx: Omit<RefreshContext, "signal">, checkEveryMs = CHECK_INTERVAL_MS) {
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  let first = true;

  const tick = () => {
    if (running || controller.signal.aborted) return;
    const startup = first;
    first = false;
    const signal = controller.signal;
    running = refreshDueFeeds({ ...ctx, signal }, { startup })
      .then(() =>
        runCoinBackfill({
          database: ctx.database,
          coins: ctx.coins ?? builtInCoinSource,
          holder: ctx.holder,
          log: ctx.log,
          signal,
          now: ctx.now?.(),
        }),
      )
      .then(() => undefined)
      .catch((error: Error) => {
        if (error.name !== "AbortError") ctx.log.error({ err: error }, "feed refresh pass failed");
      })
      .finally(() => {
        running = undefined;
      });
  };

  tick();
  const timer = setInterval(tick, Math.min(checkEveryMs, ctx.refreshMs));
  timer.unref();

  return {
    /** Stops scheduling, cancels fetches in flight and waits for the pass to wind down. */
    async stop(): Promise<void> {
      clearInterval(timer);
      controller.abort();
      await running;
    },
    /** Looks for due feeds now (a reader asked for a refresh); a pass under way is left to finish. */
    wake: tick,
    /** The pass under way, if any (for tests). */
    idle: () => running ?? Promise.resolve(),
  };
}
