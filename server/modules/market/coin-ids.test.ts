import { describe, expect, it } from "vitest";
import { builtInTokens, coinIdFor, widgetCoins } from "../../../contracts/market-catalog.ts";

describe("symbol → price API id", () => {
  it.each([
    ["BTC", "bitcoin"],
    ["eth", "ethereum"],
    [" Sol ", "solana"],
    ["USDT", "tether"],
    ["BNB", "binancecoin"],
    ["XRP", "ripple"],
    ["DOGE", "dogecoin"],
    ["USDC", "usd-coin"],
    ["ADA", "cardano"],
    ["AVAX", "avalanche-2"],
    ["TON", "the-open-network"],
    ["SHIB", "shiba-inu"],
    ["BCH", "bitcoin-cash"],
    ["PEPE", "pepe"],
    ["Wif", "wif"],
  ])("%s → %s", (symbol, id) => {
    expect(coinIdFor(symbol)).toBe(id);
  });

  it("gives every built-in token and widget coin its own id, none shared", () => {
    for (const token of builtInTokens) expect(coinIdFor(token.symbol)).toBe(token.coinId);
    expect(widgetCoins).toHaveLength(20);
    expect(new Set(widgetCoins.map((coin) => coin.coinId)).size).toBe(20);
  });
});
