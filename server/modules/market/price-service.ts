import type { FastifyBaseLogger } from "fastify";
import type { Prices } from "../../../contracts/market.ts";
import { coinIdFor, widgetCoins } from "../../../contracts/market-catalog.ts";
import type { Config } from "../../config.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { presentPrices } from "./presenter.ts";
import { fetchQuotes, PriceSourceError, type RawQuote } from "./price-source.ts";

/** A price is asked again after this long. */
export const PRICE_TTL_MS = 30_000;
/** After a failed call the source is left alone this long, so page views do not pile onto a dead source. */
export const PRICE_RETRY_MS = 30_000;
/** Coin ids remembered (prices and "no price" alike); the oldest are forgotten past this. */
export const MAX_CACHED_IDS = 1_000;
/** Ids per upstream call: the known coins and whatever else is waiting, within a sane address length. */
const MAX_IDS_PER_CALL = 250;
/** Answers kept per cache generation (one per distinct symbol list asked). */
const MAX_KEPT_ANSWERS = 200;

/** What the cache holds per coin id: its last answer (null: the source had no price) and when. */
type Entry = { quote: RawQuote | null; fetchedAt: number; lastGoodAt: number | null };

export type PriceServiceOptions = {
  /** Base URL of the CoinGecko-compatible API (…/api/v3). */
  baseUrl: string;
  fetcher: GuardedFetch;
  /** What `source` says: the API's host, or "sample" in sample mode. */
  source: string;
  log: FastifyBaseLogger;
  now?: () => number;
};

/** What quotes name as their source: the price API's host, or "sample" in sample mode. */
export function priceSourceName(config: Pick<Config, "sampleMode" | "priceApiUrl">): string {
  return config.sampleMode ? "sample" : new URL(config.priceApiUrl).host;
}

export type PriceService = ReturnType<typeof createPriceService>;

/**
 * The one price service of a process: every wanted coin id in one batched upstream
 * call (always with the known coins, so the marquee, widget and tokens share it),
 * answers kept 30 s ("no price" too, so unknown ids cannot make us ask again and
 * again), one call in flight shared by everyone who waits for it, and after a failure
 * nulls with the reason and each coin's last good time until the source may be
 * asked again.
 */
export function createPriceService(options: PriceServiceOptions) {
  const { baseUrl, fetcher, source, log } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const knownIds = widgetCoins.map((coin) => coin.coinId as string);
  let inFlight: { ids: Set<string>; done: Promise<void> } | undefined;
  /** Ids that waited for a call that did not include them: the next call takes them along. */
  const queued = new Set<string>();
  let failure: { reason: string; retryAt: number } | undefined;
  /** When the last upstream call started: the next may start PRICE_TTL_MS later at the soonest. */
  let lastCallAt: number | undefined;
  /** Bumped whenever the cache changes; kept answers belong to one generation. */
  let generation = 0;
  let kept = new Map<string, { answer: Prices; validUntil: number }>();

  const isFresh = (id: string, at: number) => {
    const entry = entries.get(id);
    return entry !== undefined && at - entry.fetchedAt < PRICE_TTL_MS;
  };

  function remember(id: string, quote: RawQuote | null, at: number): void {
    const previous = entries.get(id);
    // Re-inserted so the Map's order is oldest-fetched first, for forgetting.
    entries.delete(id);
    entries.set(id, { quote, fetchedAt: at, lastGoodAt: quote ? at : (previous?.lastGoodAt ?? null) });
    while (entries.size > MAX_CACHED_IDS) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
  }

  async function callUpstream(ids: Set<string>): Promise<void> {
    const wanted = [...ids];
    try {
      const quotes = await fetchQuotes(fetcher, baseUrl, wanted);
      const at = now();
      for (const id of wanted) remember(id, quotes.get(id) ?? null, at);
      failure = undefined;
    } catch (error) {
      const reason = error instanceof PriceSourceError ? error.message : "The price source could not be read";
      failure = { reason, retryAt: now() + PRICE_RETRY_MS };
      // Once per failed call; the address is left out (an operator's URL may carry a key).
      // Without any query string, where an operator's API key would sit.
      const detail = ((error as Error).cause as Error | undefined)?.message.replace(/\?\S*/g, "?…");
      log.warn({ ids: wanted.length, detail }, `prices unavailable: ${reason}`);
    } finally {
      generation++;
      kept = new Map();
    }
  }

  /** Makes every id fresh if the source can be asked; returns when there is nothing more to do. */
  async function ensure(ids: readonly string[]): Promise<void> {
    for (;;) {
      const at = now();
      const missing = ids.filter((id) => !isFresh(id, at));
      if (missing.length === 0) return;
      if (inFlight) {
        const call = inFlight;
        for (const id of missing) if (!call.ids.has(id) && queued.size < MAX_IDS_PER_CALL) queued.add(id);
        await call.done;
        continue;
      }
      if (failure && at < failure.retryAt) return;
      // At most one call per PRICE_TTL_MS, whatever is asked: the known coins are fresh
      // till then, and ids nobody asked before (a stranger making up symbols) wait for
      // the next call instead of each starting one. Until then they read "no price".
      if (lastCallAt !== undefined && at - lastCallAt < PRICE_TTL_MS) {
        for (const id of missing) if (queued.size < MAX_IDS_PER_CALL) queued.add(id);
        return;
      }
      const batch = new Set([...knownIds, ...missing]);
      for (const id of queued) {
        if (batch.size >= MAX_IDS_PER_CALL) break;
        batch.add(id);
      }
      for (const id of batch) queued.delete(id);
      lastCallAt = at;
      const call = { ids: batch, done: callUpstream(batch) };
      inFlight = call;
      await call.done.finally(() => {
        if (inFlight === call) inFlight = undefined;
      });
      // A failed call answers now; a successful one made these ids fresh (or the
      // capped ones go along next time round).
      if (failure) return;
    }
  }

  function answer(symbols: readonly string[], at: number): { answer: Prices; validUntil: number } {
    let validUntil = at + PRICE_TTL_MS;
    const quotes = symbols.map((symbol) => {
      const entry = entries.get(coinIdFor(symbol));
      if (!entry || at - entry.fetchedAt >= PRICE_TTL_MS) return { symbol, entry: undefined };
      validUntil = Math.min(validUntil, entry.fetchedAt + PRICE_TTL_MS);
      return { symbol, entry };
    });
    const lacking = quotes.filter((quote) => quote.entry === undefined);
    let unavailable: Prices["unavailable"] = null;
    if (failure && lacking.length > 0) {
      validUntil = Math.min(validUntil, failure.retryAt);
      const lastGood: Record<string, string> = {};
      for (const { symbol } of lacking) {
        const goodAt = entries.get(coinIdFor(symbol))?.lastGoodAt;
        if (goodAt != null) lastGood[symbol] = new Date(goodAt).toISOString();
      }
      unavailable = { reason: failure.reason, lastGood, retryAt: new Date(failure.retryAt).toISOString() };
    }
    return { answer: presentPrices(quotes, source, unavailable), validUntil };
  }

  return {
    source,
    /**
     * Quotes for upper-case, de-duplicated symbols: null for a coin without a price now,
     * and `unavailable` when the source failed. Never throws for the source's sake.
     */
    async prices(symbols: readonly string[]): Promise<Prices> {
      const key = symbols.join(",");
      const before = kept.get(key);
      if (before && now() < before.validUntil) return before.answer;
      await ensure(symbols.map(coinIdFor));
      const at = now();
      const made = answer(symbols, at);
      if (kept.size < MAX_KEPT_ANSWERS) kept.set(key, made);
      return made.answer;
    },
    /** How many upstream calls were made (a cache generation each); for logs and tests. */
    get generation() {
      return generation;
    },
  };
}
