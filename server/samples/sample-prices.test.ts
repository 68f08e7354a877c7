import { describe, expect, it } from "vitest";
import { widgetCoins } from "../../contracts/market-catalog.ts";
import { samplePrices } from "./sample-prices.ts";

const T0 = Date.UTC(2026, 10, 22, 12);
const ids = widgetCoins.map((coin) => coin.coinId as string);

describe("sample prices", () => {
  it("price every widget coin with change, market cap and volume, and leave unknown ids out", () => {
    const prices = samplePrices([...ids, "nope", "constructor", "__proto__"], T0);
    expect(Object.keys(prices)).toEqual(ids);
    for (const id of ids) {
      const price = prices[id];
      expect(price?.usd, id).toBeGreaterThan(0);
      expect(Number.isFinite(price?.usd_24h_change), id).toBe(true);
      expect(price?.usd_market_cap, id).toBeGreaterThan(0);
      expect(price?.usd_24h_vol, id).toBeGreaterThan(0);
    }
  });

  it("give the same answer throughout a minute (any process) and move from minute to minute", () => {
    expect(samplePrices(ids, T0 + 1_000)).toEqual(samplePrices(ids, T0 + 59_000));
    const minutes = Array.from({ length: 60 }, (_, i) => samplePrices(["bitcoin"], T0 + i * 60_000).bitcoin?.usd);
    expect(new Set(minutes).size).toBeGreaterThan(50);
  });

  it("stay near their base: a walk of a few percent, stablecoins a hair's breadth from $1", () => {
    for (let hour = 0; hour < 24 * 30; hour += 7) {
      const prices = samplePrices(["bitcoin", "tether"], T0 + hour * 3_600_000);
      expect(prices.bitcoin?.usd).toBeGreaterThan(104_250 * 0.9);
      expect(prices.bitcoin?.usd).toBeLessThan(104_250 * 1.1);
      expect(Math.abs((prices.tether?.usd ?? 0) - 1)).toBeLessThan(0.002);
    }
  });
});
