import { COIN_SYMBOL, MAX_COIN_TAGS } from "../../../contracts/reading-catalog.ts";
import { builtInIndex, type CoinIndex } from "./coin-index.ts";
import { TickerCount } from "./tickers.ts";

/*
 * An article's coin tags (docs/decisions/021): the coins the analysis detector finds in
 * its title and description, most mentioned first, at most MAX_COIN_TAGS. Stored as
 * upper-case symbols between commas (",BTC,SOL,"), so a coin filter is one exact
 * substring test; '' names none and null is not tagged yet.
 */

/** Where tagging gets its coin index: whatever is at hand now, never waiting for a download. */
export type CoinSource = { current(): CoinIndex };

let builtIn: CoinIndex | undefined;
/** Gemwire's own coins, indexed once: what tags are made with while no coin list is at hand. */
export const builtInCoins = (): CoinIndex => {
  builtIn ??= builtInIndex();
  return builtIn;
};

export const builtInCoinSource: CoinSource = { current: builtInCoins };

/** The coins named in an article's title and description, most mentioned first. */
export function detectCoins(index: CoinIndex, title: string, description: string): string[] {
  const count = new TickerCount(index);
  count.count(title);
  count.count(description);
  const symbols: string[] = [];
  for (const ticker of count.tickers()) {
    // A tag must be something `?coin=` can ask for.
    if (!COIN_SYMBOL.test(ticker.symbol)) continue;
    symbols.push(ticker.symbol);
    if (symbols.length === MAX_COIN_TAGS) break;
  }
  return symbols;
}

/** The column's form of a list of tags. */
export const storeCoins = (symbols: readonly string[]): string => (symbols.length ? `,${symbols.join(",")},` : "");

/** The tags in the column's form; none for an article not tagged yet. */
export const readCoins = (stored: string | null | undefined): string[] =>
  stored ? stored.split(",").filter((symbol) => symbol !== "") : [];

/** The column's tags in the column's form, ready to store. */
export const tagArticle = (index: CoinIndex, article: { title: string; description: string }): string =>
  storeCoins(detectCoins(index, article.title, article.description));

/** What a LIKE matches for articles tagged with `symbol` (upper case, letters and digits: no wildcard). */
export function coinPattern(symbol: string): string {
  if (!COIN_SYMBOL.test(symbol) || symbol !== symbol.toUpperCase()) throw new Error(`not a coin tag: ${symbol}`);
  return `%,${symbol},%`;
}
