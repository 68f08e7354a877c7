import { describe, expect, it } from "vitest";
import { TRENDS_KEEP_MS, tokenNamedIn, trafficNumber, trendPeriodMs } from "./trends-catalog.ts";

describe("trafficNumber", () => {
  it.each([
    ["200K+", 200_000],
    ["2M+", 2_000_000],
    ["1,000+", 1_000],
    ["1.5M+", 1_500_000],
    ["50,000+ searches", 50_000],
    ["200K+ searches", 200_000],
    ["2k+", 2_000],
    ["10m", 10_000_000],
    ["500+", 500],
    ["0+", 0],
    ["  20K+  ", 20_000],
    ["1,234,567+", 1_234_567],
    ["2.25K+", 2_250],
  ])("reads %j as %d", (text, expected) => {
    expect(trafficNumber(text)).toBe(expected);
  });

  it.each([
    [""],
    ["+"],
    ["K+"],
    ["lots"],
    ["200 K++"],
    ["200B+"],
    ["1,00+"],
    ["12,3456+"],
    ["-5K+"],
    ["1.5.2M+"],
    ["200K+ visits"],
    ["２００K+"],
  ])("refuses %j", (text) => {
    expect(trafficNumber(text)).toBeNull();
  });

  it("refuses numbers too big to count exactly, and overlong texts (npm run bench:analysis times the hostile one)", () => {
    expect(trafficNumber("9007199254740993")).toBeNull();
    expect(trafficNumber("99999999999999999999M+")).toBeNull();
    expect(trafficNumber("9".repeat(400))).toBeNull();
    // A shape that makes naive patterns backtrack for a long time.
    const hostile = `1${" ".repeat(50_000)}x`;
    expect(trafficNumber(hostile)).toBeNull();
    expect(trafficNumber(`1${" ".repeat(70)}K`)).toBeNull();
    expect(trafficNumber("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("tokenNamedIn", () => {
  it.each([
    ["bitcoin price", "BTC"],
    ["Bitcoin", "BTC"],
    ["BTC to USD", "BTC"],
    ["$eth", "ETH"],
    ["bitcoin's rally", "BTC"],
    ["ethereum upgrade", "ETH"],
    ["solana memecoin", "SOL"],
    ["xrp news", "XRP"],
    ["usd coin", "USDC"],
    ["cardano vote", "ADA"],
    ["dogecoin", "DOGE"],
    ["doge price", "DOGE"],
    ["sol price", "SOL"],
    ["avalanche crypto", "AVAX"],
    ["avax", "AVAX"],
    ["ethereum beats bitcoin", "ETH"],
    ["bitcoin vs ethereum", "BTC"],
    ["bitcoin cash and bitcoin", "BTC"],
  ])("%j names %s", (title, symbol) => {
    expect(tokenNamedIn(title)?.symbol).toBe(symbol);
  });

  it.each([
    ["bitcoin cash"],
    ["Bitcoin Cash price"],
    ["bitcoin-cash bitcoin cash"],
    ["ethereum classic"],
    ["wrapped bitcoin"],
    ["el sol"],
    ["sol de janeiro"],
    ["ada compliance"],
    ["doge cuts"],
    ["colorado avalanche"],
    ["tether ball"],
    ["bitcoinfan"],
    ["methane"],
    ["solanaceae"],
    ["stablecoin bill"],
    ["weather"],
    [""],
  ])("%j names no built-in token", (title) => {
    expect(tokenNamedIn(title)).toBeUndefined();
  });
});

describe("periods", () => {
  it("keeps snapshots exactly as long as the longest period", () => {
    expect(TRENDS_KEEP_MS).toBe(trendPeriodMs["7d"]);
    expect(trendPeriodMs["4h"]).toBe(4 * 3_600_000);
  });
});
