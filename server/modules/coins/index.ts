export type { CoinListEntry } from "./coin-index.ts";
export { builtInIndex, CoinIndex } from "./coin-index.ts";
export type { CoinSource } from "./coin-tags.ts";
export { builtInCoinSource, builtInCoins, coinPattern, readCoins, tagArticle } from "./coin-tags.ts";
export { TickerCount } from "./tickers.ts";
