import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PriceHistory, PriceQuote, Prices, TokenNewsItem } from "../../../contracts/market.ts";
import { type HistoryRange, widgetCoins } from "../../../contracts/market-catalog.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/**
 * Every coin the app shows a price for. The widget's twenty include the built-in tokens
 * (ticker strip, token pages) and the marquee's five, so one `/api/prices` call per refresh
 * serves every price on the page.
 */
export const PRICE_SYMBOLS: readonly string[] = widgetCoins.map((coin) => coin.symbol);

/** The server caches prices for 30 s: asking more often would only repeat its answer. */
export const PRICE_REFRESH_MS = 30_000;
/** A price kept from before a failed refresh is shown for this long, then it reads '—'. */
export const STALE_PRICE_MS = 5 * 60_000;

/** `GET /api/prices` for every coin shown. Refetched while a page shows prices, not in a hidden tab. */
export const pricesQuery = queryOptions({
  queryKey: ["market", "prices"],
  queryFn: ({ signal }) => getJson<Prices>(paths.api.prices(PRICE_SYMBOLS), signal),
  staleTime: PRICE_REFRESH_MS,
  refetchInterval: PRICE_REFRESH_MS,
});

/** Why prices are missing, in words, and when they are asked for again. */
export type PriceProblem = { reason: string; retryAt: string | null; lastGood: Record<string, string> };

export type PriceBoard = {
  /** "pending" until the first answer (or failure) arrives. */
  status: "pending" | "error" | "success";
  /** A coin's quote, or null when there is none now (no price, failed load, too old). */
  quote: (symbol: string) => PriceQuote | null;
  /** Set when some or all prices are missing because their source (or our server) failed. */
  problem: PriceProblem | null;
};

/** Every shown coin's price, from the one shared prices query. */
export function usePrices(): PriceBoard {
  const query = useQuery(pricesQuery);
  const { data, error, dataUpdatedAt, errorUpdatedAt } = query;
  const failed = query.isError;
  // After a failed refresh the last answer stays for a while; beyond that it is no price at all.
  const usable = data && !(failed && Date.now() - dataUpdatedAt > STALE_PRICE_MS) ? data : undefined;
  const problem: PriceProblem | null = failed
    ? {
        reason: error?.message ?? "the prices could not be loaded",
        retryAt: new Date(errorUpdatedAt + PRICE_REFRESH_MS).toISOString(),
        lastGood: {},
      }
    : data?.unavailable
      ? { reason: data.unavailable.reason, retryAt: data.unavailable.retryAt, lastGood: data.unavailable.lastGood }
      : null;
  return {
    status: query.status,
    quote: (symbol) => usable?.prices[symbol.toUpperCase()] ?? null,
    problem,
  };
}

/** Recorded prices move once a minute: a chart asks again each minute while it is shown. */
export const HISTORY_REFRESH_MS = 60_000;

/** `GET /api/tokens/:symbol/history`: a token's recorded prices over a range. */
export function historyQuery(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: ["market", "history", symbol.toUpperCase(), range],
    queryFn: ({ signal }) => getJson<PriceHistory>(paths.api.tokenHistory(symbol, range), signal),
    staleTime: HISTORY_REFRESH_MS,
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

/** How many articles a token page lists under "News about …". */
export const TOKEN_NEWS_LIMIT = 10;

/** `GET /api/tokens/:symbol/news`: stored articles naming the token, newest first. */
export function tokenNewsQuery(symbol: string, limit = TOKEN_NEWS_LIMIT) {
  return queryOptions({
    queryKey: ["market", "news", symbol.toUpperCase(), limit],
    queryFn: ({ signal }) => getJson<{ items: TokenNewsItem[] }>(paths.api.tokenNews(symbol, limit), signal),
    staleTime: 5 * 60_000,
  });
}

export function useTokenNews(symbol: string) {
  return useQuery(tokenNewsQuery(symbol));
}
