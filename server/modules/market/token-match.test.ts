import { describe, expect, it } from "vitest";
import { findBuiltInToken } from "../../../contracts/market-catalog.ts";
import { mentionsToken } from "./token-match.ts";

const token = (symbol: string) => findBuiltInToken(symbol) as NonNullable<ReturnType<typeof findBuiltInToken>>;

describe("does a text mention a token?", () => {
  it.each([
    // symbol as a word, in capitals
    ["BTC", "BTC tops $100k", true],
    ["BTC", "Traders pile into BTC.", true],
    ["BTC", "BTC's dominance climbs", true],
    ["BTC", "BTC-USD breaks out", true],
    ["ETH", "(ETH) staking yields", true],
    ["BTC", "WBTC supply grows", false],
    ["BTC", "BTCUSD chart", false],
    ["BTC", "btc is up", false],
    ["SOL", "A new SOLUTION for wallets", false],
    ["SOL", "The solution is simple", false],
    ["SOL", "Sol, the sun god", false],
    ["SOL", "SOL jumps 8%", true],
    ["ADA", "Ada Lovelace day", false],
    ["ADA", "ADA holders vote", true],
    ["USDC", "USDC supply rises", true],
    // cashtags, any case
    ["BTC", "Everyone is buying $btc", true],
    ["SOL", "$SOL to the moon", true],
    ["SOL", "$SOLANA memes", true],
    ["SOL", "$SOLX launches", false],
    // names as words, any case
    ["ETH", "Ethereum's next upgrade", true],
    ["ETH", "ETHEREUM devs meet", true],
    ["ETH", "The method matters", false],
    ["ETH", "Ethereumish chains", false],
    ["BTC", "bitcoin miners sell", true],
    ["BTC", "Bitcoinist weekly", false],
    ["ADA", "Cardano's Chang fork", true],
    ["USDC", "USD  Coin reserves", true],
    ["USDC", "USD Coinbase deal", false],
    ["AVAX", "Avalanche subnets", true],
    ["DOGE", "Dogecoin rallies", true],
    ["DOGE", "Doge meme", false],
  ])("%s in %j → %s", (symbol, text, expected) => {
    expect(mentionsToken(text, token(symbol))).toBe(expected);
  });
});
