import { builtInCoinSource } from "../modules/coins/index.ts";
import { REFRESH_CONCURRENCY, type RefreshContext, refreshDueFeeds, runCoinBackfill } from "../modules/feeds/index.ts";

/** How often the scheduler looks for feeds that are due; each feed has its own next time. */
export const CHECK_INTERVAL_MS = 30_000;

/**
 * Refreshes feeds at start-up and then whenever one is due. At start-up every failing
 * feed is tried again, while feeds fetched successfully less than FEED_REFRESH_MS ago are
 * left alone; a failing feed then waits longer each time, up to a cap, and is never given
 * up. A feed whose source hangs or drips holds only its own refresh slot (up to 20 s an
 * attempt, three attempts): the next check starts a pass of its own for the other feeds
 * that come due meanwhile, so they keep their period. After each pass, articles stored
 * before coin tags existed are tagged, a bounded batch at a time (coin-backfill.ts).
 */
export function startFeedScheduler(ctx: Omit<RefreshContext, "signal">, checkEveryMs = CHECK_INTERVAL_MS) {
  const controller = new AbortController();
  const passes = new Set<Promise<void>>();
  /** Feeds being refreshed by any pass under way. */
  const busy = new Set<string>();
  /** Passes still reading which feeds are due (they will see what a new check would). */
  let listing = 0;
  /** The coin backfill under way: one at a time, whichever pass ends first starts it. */
  let backfill: Promise<unknown> | undefined;
  let first = true;
  /**
   * A check that could not start (a pass was still listing, or every slot was taken) or a
   * due feed a pass had to leave: a new pass starts as soon as one can, rather than at the
   * next check. So a wake (a member just followed a feed, a reader asked for a refresh) is
   * never lost while other feeds are being fetched.
   */
  let wanted = false;
  const again = () => {
    if (wanted) tick();
  };

  const backfillCoins = (signal: AbortSignal) => {
    backfill ??= runCoinBackfill({
      database: ctx.database,
      coins: ctx.coins ?? builtInCoinSource,
      holder: ctx.holder,
      log: ctx.log,
      signal,
      now: ctx.now?.(),
    }).finally(() => {
      backfill = undefined;
    });
    return backfill;
  };

  function tick() {
    if (controller.signal.aborted) return;
    if (listing > 0 || busy.size >= REFRESH_CONCURRENCY) {
      wanted = true;
      return;
    }
    wanted = false;
    const startup = first;
    first = false;
    const signal = controller.signal;
    listing += 1;
    let listed = false;
    const doneListing = () => {
      if (listed) return;
      listing -= 1;
      listed = true;
      // Once this pass has taken its feeds' slots (its workers start in the same turn).
      setImmediate(again);
    };
    const leftOver = () => {
      wanted = true;
    };
    const pass: Promise<void> = refreshDueFeeds(
      { ...ctx, signal },
      { startup, busy, onListed: doneListing, onLeftOver: leftOver, onFreed: again },
    )
      .finally(doneListing)
      .then(() => backfillCoins(signal))
      .then(() => undefined)
      .catch((error: Error) => {
        if (error.name !== "AbortError") ctx.log.error({ err: error }, "feed refresh pass failed");
      })
      .finally(() => {
        passes.delete(pass);
      });
    passes.add(pass);
  }

  /** Resolves once no pass is under way (passes started meanwhile included). */
  const idle = async () => {
    while (passes.size > 0 || backfill) await Promise.allSettled([...passes, backfill]);
  };

  tick();
  const timer = setInterval(tick, Math.min(checkEveryMs, ctx.refreshMs));
  timer.unref();

  return {
    /** Stops scheduling, cancels fetches in flight and waits for every pass to wind down. */
    async stop(): Promise<void> {
      clearInterval(timer);
      controller.abort();
      await idle();
    },
    /**
     * Looks for due feeds now (a reader asked for a refresh, a member followed a feed), or
     * as soon as a slot frees; passes under way are left to finish.
     */
    wake: tick,
    /** Every pass under way, if any (for tests). */
    idle,
  };
}
