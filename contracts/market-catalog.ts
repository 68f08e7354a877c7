/*
 * The market's fixed lists and rules, without zod, so the web app can import them
 * (docs/decisions/009); contracts/market.ts holds the API schemas.
 */

/**
 * The built-in token list of the token page: symbols matched case-insensitively. `coinId`
 * is the price API's id for it: mapping only BTC, ETH and SOL and lower-casing the rest
 * would leave most of these without a price, so each carries its real id.
 */
export const builtInTokens = [
  { symbol: "BTC", name: "Bitcoin", coinId: "bitcoin" },
  { symbol: "ETH", name: "Ethereum", coinId: "ethereum" },
  { symbol: "USDT", name: "Tether", coinId: "tether" },
  { symbol: "BNB", name: "BNB", coinId: "binancecoin" },
  { symbol: "XRP", name: "XRP", coinId: "ripple" },
  { symbol: "SOL", name: "Solana", coinId: "solana" },
  { symbol: "DOGE", name: "Dogecoin", coinId: "dogecoin" },
  { symbol: "USDC", name: "USD Coin", coinId: "usd-coin" },
  { symbol: "ADA", name: "Cardano", coinId: "cardano" },
  { symbol: "AVAX", name: "Avalanche", coinId: "avalanche-2" },
] as const;

export type BuiltInToken = (typeof builtInTokens)[number];

export function findBuiltInToken(symbol: string): BuiltInToken | undefined {
  const wanted = symbol.trim().toUpperCase();
  return builtInTokens.find((token) => token.symbol === wanted);
}

/** The price marquee's coins (bitcoin, ethereum, solana, ripple, cardano), in that order. */
export const marqueeSymbols = ["BTC", "ETH", "SOL", "XRP", "ADA"] as const;

/**
 * The price widget on Stories and home shows a fixed list of 20 coins in US dollars: the
 * twenty largest long-lived coins.
 */
export const widgetCoins = [
  ...builtInTokens,
  { symbol: "TRX", name: "TRON", coinId: "tron" },
  { symbol: "LINK", name: "Chainlink", coinId: "chainlink" },
  { symbol: "DOT", name: "Polkadot", coinId: "polkadot" },
  { symbol: "TON", name: "Toncoin", coinId: "the-open-network" },
  { symbol: "SHIB", name: "Shiba Inu", coinId: "shiba-inu" },
  { symbol: "LTC", name: "Litecoin", coinId: "litecoin" },
  { symbol: "BCH", name: "Bitcoin Cash", coinId: "bitcoin-cash" },
  { symbol: "NEAR", name: "NEAR Protocol", coinId: "near" },
  { symbol: "UNI", name: "Uniswap", coinId: "uniswap" },
  { symbol: "XLM", name: "Stellar", coinId: "stellar" },
] as const;

/**
 * The price API's coin id for a symbol: the known coins' own ids, else the
 * lower-case symbol.
 */
export function coinIdFor(symbol: string): string {
  const wanted = symbol.trim().toUpperCase();
  return widgetCoins.find((coin) => coin.symbol === wanted)?.coinId ?? wanted.toLowerCase();
}

/** At most this many symbols per /api/prices call. */
export const MAX_PRICE_SYMBOLS = 25;

/** A symbol as the API accepts it: letters and digits, 1–15 of them. */
export const SYMBOL = /^[A-Za-z0-9]{1,15}$/;

export const historyRanges = ["1h", "24h", "7d", "30d"] as const;
export type HistoryRange = (typeof historyRanges)[number];

/** While less than this much history is recorded, the token chart shows generated sample points. */
export const MIN_RECORDED_HISTORY_MS = 2 * 3_600_000;
