import { describe, expect, it } from "vitest";
import type { PumpToken } from "./pump-vision-data.ts";
import { activeFilterCount, filterTokens, noFilters, type PumpFilters, parseAmount } from "./pump-vision-filters.ts";

const token = (symbol: string, over: Partial<PumpToken> = {}, stats: Partial<PumpToken["stats"]> = {}): PumpToken => ({
  symbol,
  name: symbol,
  address: `SAMPLE${symbol}`,
  launchpad: "pumpfun",
  socials: [],
  ageMinutes: 10,
  bondingCurvePercent: 50,
  top10Percent: 20,
  devPercent: 5,
  sniperPercent: 3,
  liquidity: 5_000,
  ...over,
  stats: { volume: 10_000, marketCap: 30_000, holders: 100, likes: 0, comments: 0, shares: 0, views: 0, ...stats },
});

const tokens = [
  token("AAA"),
  token("BBB", { launchpad: "moonshot", socials: ["x"], top10Percent: 30 }),
  token("CCC", { top10Percent: 30.1, ageMinutes: 120, devPercent: 12 }, { holders: 900, marketCap: 65_000 }),
  token("DDD", { launchpad: "moonshot", bondingCurvePercent: 100, liquidity: 90_000 }, { volume: 2_000_000 }),
];

const filters = (over: Partial<PumpFilters>): PumpFilters => ({ ...noFilters, ...over });

describe("filterTokens", () => {
  const cases: Array<[name: string, filters: PumpFilters, expected: string[]]> = [
    ["no filters keep everything", noFilters, ["AAA", "BBB", "CCC", "DDD"]],
    ["one launchpad", filters({ launchpads: ["moonshot"] }), ["BBB", "DDD"]],
    [
      "both launchpads are the same as none",
      filters({ launchpads: ["pumpfun", "moonshot"] }),
      ["AAA", "BBB", "CCC", "DDD"],
    ],
    ["top 10 holders at most 30% (30 itself passes)", filters({ top10: true }), ["AAA", "BBB", "DDD"]],
    ["at least one social", filters({ social: true }), ["BBB"]],
    ["min holders is inclusive", filters({ ranges: { holders: { min: 900 } } }), ["CCC"]],
    ["max holders is inclusive", filters({ ranges: { holders: { max: 100 } } }), ["AAA", "BBB", "DDD"]],
    ["bonding curve range", filters({ ranges: { bondingCurve: { min: 60, max: 100 } } }), ["DDD"]],
    ["dev holding max", filters({ ranges: { devHolding: { max: 10 } } }), ["AAA", "BBB", "DDD"]],
    ["liquidity min", filters({ ranges: { liquidity: { min: 10_000 } } }), ["DDD"]],
    ["volume max", filters({ ranges: { volume: { max: 1_000_000 } } }), ["AAA", "BBB", "CCC"]],
    ["market cap min", filters({ ranges: { marketCap: { min: 50_000 } } }), ["CCC"]],
    ["token age in minutes", filters({ ranges: { age: { min: 60 } } }), ["CCC"]],
    ["a zero bound is a real bound", filters({ ranges: { age: { max: 0 } } }), []],
    ["filters combine", filters({ launchpads: ["pumpfun"], top10: true, ranges: { holders: { min: 50 } } }), ["AAA"]],
  ];
  it.each(cases)("%s", (_name, given, expected) => {
    expect(filterTokens(tokens, given).map((t) => t.symbol)).toEqual(expected);
  });

  it("does not change the list it is given", () => {
    const copy = [...tokens];
    filterTokens(tokens, filters({ social: true }));
    expect(tokens).toEqual(copy);
  });
});

describe("activeFilterCount", () => {
  it.each([
    [noFilters, 0],
    [filters({ launchpads: ["pumpfun", "moonshot"] }), 2],
    [filters({ top10: true, social: true }), 2],
    [filters({ ranges: { holders: { min: 1, max: 5 }, age: { max: 3 } } }), 2],
    [filters({ ranges: { holders: {} } }), 0],
  ])("%o → %i", (given, count) => {
    expect(activeFilterCount(given)).toBe(count);
  });
});

describe("parseAmount", () => {
  it.each<[string, number, number | undefined]>([
    ["100", 1e9, 100],
    [" 42 ", 1e9, 42],
    ["0", 100, 0],
    ["12.5", 100, 12.5],
    ["100", 100, 100],
    ["100.01", 100, undefined],
    ["-1", 100, undefined],
    ["NaN", 100, undefined],
    ["Infinity", 1e12, undefined],
    ["1e5", 1e12, undefined],
    ["0x10", 1e12, undefined],
    ["9".repeat(400), 1e12, undefined],
    ["1.23456", 100, undefined],
    ["", 100, undefined],
    ["<script>alert(1)</script>", 100, undefined],
    ["5abc", 100, undefined],
  ])("%j (limit %d) → %o", (text, limit, expected) => {
    expect(parseAmount(text, limit)).toBe(expected);
  });
});
