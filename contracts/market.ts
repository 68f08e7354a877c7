/** The built-in token list (spec §2 Token detail): symbols matched case-insensitively. */
export const builtInTokens = [
  { symbol: "BTC", name: "Bitcoin" },
  { symbol: "ETH", name: "Ethereum" },
  { symbol: "USDT", name: "Tether" },
  { symbol: "BNB", name: "BNB" },
  { symbol: "XRP", name: "XRP" },
  { symbol: "SOL", name: "Solana" },
  { symbol: "DOGE", name: "Dogecoin" },
  { symbol: "USDC", name: "USD Coin" },
  { symbol: "ADA", name: "Cardano" },
  { symbol: "AVAX", name: "Avalanche" },
] as const;

export type BuiltInToken = (typeof builtInTokens)[number];

export function findBuiltInToken(symbol: string): BuiltInToken | undefined {
  const wanted = symbol.trim().toUpperCase();
  return builtInTokens.find((token) => token.symbol === wanted);
}
