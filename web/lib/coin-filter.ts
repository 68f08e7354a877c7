import { useLocation } from "react-router";
import type { FeedItem } from "../../contracts/feeds.ts";
import { COIN_SYMBOL } from "../../contracts/reading-catalog.ts";

/** What a list's `?coin=` asks for: a symbol (upper case), nothing, or something that is no symbol. */
export type CoinFilter = {
  /** The coin the list is filtered by; null when none (or the address gives no valid one). */
  coin: string | null;
  /** The address's `coin` when it is not a symbol, to say so rather than ignore it. */
  invalid: string | null;
  /** This page without the coin filter (its other parameters kept). */
  clearHref: string;
  /** This page filtered by `symbol`. */
  filterHref: (symbol: string) => string;
};

function withCoin(pathname: string, search: string, symbol: string | null): string {
  const params = new URLSearchParams(search);
  if (symbol) params.set("coin", symbol);
  else params.delete("coin");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Reads `?coin=SOL` (any case) from the page's address: every article list honours it. */
export function useCoinFilter(): CoinFilter {
  const { pathname, search } = useLocation();
  const raw = new URLSearchParams(search).get("coin")?.trim() ?? "";
  const valid = COIN_SYMBOL.test(raw);
  return {
    coin: valid ? raw.toUpperCase() : null,
    invalid: raw && !valid ? raw : null,
    clearHref: withCoin(pathname, search, null),
    filterHref: (symbol) => withCoin(pathname, search, symbol.toUpperCase()),
  };
}

/** Articles tagged with `coin` (all of them without one): for lists already loaded whole (favorites, search). */
export function taggedWith<T extends Pick<FeedItem, "coins">>(items: readonly T[], coin: string | null): T[] {
  return coin ? items.filter((item) => item.coins.includes(coin)) : [...items];
}

/** A list's empty state while filtered by a coin: not a bare empty list. */
export const noneTagged = (coin: string) => `No article here is tagged with ${coin}.`;
