import { describe, expect, it } from "vitest";
import { MIN_RECORDED_HISTORY_MS } from "../../../contracts/market-catalog.ts";
import { needsSampleChart, SAMPLE_POINTS, sampleHolders, sampleSeries } from "./sample-data.ts";

const NOW = Date.parse("2026-03-01T12:00:00Z");

describe("the token page's sample data", () => {
  it("generates 50 points over the range, ending at the current price, the same on every visit", () => {
    const series = sampleSeries("BTC", "24h", 97_000, NOW);
    expect(series).toHaveLength(SAMPLE_POINTS);
    expect(series.at(-1)).toEqual({ t: NOW, usd: 97_000 });
    expect(series[0]?.t).toBe(NOW - 24 * 3_600_000);
    expect(sampleSeries("btc", "24h", 97_000, NOW)).toEqual(series);
    // It moves, but stays near the price (within the range's swing).
    const prices = series.map((p) => p.usd);
    expect(new Set(prices).size).toBeGreaterThan(40);
    for (const usd of prices) expect(Math.abs(usd / 97_000 - 1)).toBeLessThanOrEqual(0.03 + 1e-9);
    expect(sampleSeries("BTC", "7d", 97_000, NOW).map((p) => p.usd)).not.toEqual(prices);
    expect(sampleSeries("ETH", "24h", 97_000, NOW).map((p) => p.usd)).not.toEqual(prices);
  });

  it.each([
    [null, true],
    [new Date(NOW - 10 * 60_000).toISOString(), true],
    [new Date(NOW - MIN_RECORDED_HISTORY_MS + 1).toISOString(), true],
    [new Date(NOW - MIN_RECORDED_HISTORY_MS).toISOString(), false],
    [new Date(NOW - 3 * 86_400_000).toISOString(), false],
  ])("with history recorded since %s, the sample chart shows: %s", (since, expected) => {
    expect(needsSampleChart(since, NOW)).toBe(expected);
  });

  it("gives each token plausible holder figures of its own, the same every time", () => {
    const btc = sampleHolders("BTC");
    expect(sampleHolders("btc")).toEqual(btc);
    expect(sampleHolders("ETH")).not.toEqual(btc);
    for (const symbol of ["BTC", "ETH", "USDT", "DOGE", "AVAX"]) {
      const h = sampleHolders(symbol);
      expect(h.totalHolders).toBeGreaterThanOrEqual(100_000);
      expect(h.totalHolders).toBeLessThanOrEqual(50_200_000);
      expect(h.uniqueHolders).toBeLessThan(h.totalHolders);
      expect(h.top10Share).toBeGreaterThan(h.topHolderShare);
      expect(h.top10Share).toBeLessThan(100);
      expect(h.averageHoldingDays).toBeGreaterThan(0);
    }
  });
});
