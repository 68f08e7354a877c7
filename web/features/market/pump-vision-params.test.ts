import { describe, expect, it } from "vitest";
import { noFilters, type PumpFilters } from "./pump-vision-filters.ts";
import { readColumnFilters, withColumnFilters } from "./pump-vision-params.ts";

const read = (query: string) => readColumnFilters(new URLSearchParams(query), "new");

describe("pump vision filters in the address", () => {
  const samples: PumpFilters[] = [
    noFilters,
    { launchpads: ["moonshot"], top10: false, social: true, ranges: {} },
    { launchpads: ["pumpfun", "moonshot"], top10: true, social: false, ranges: { holders: { min: 100 } } },
    {
      launchpads: [],
      top10: false,
      social: false,
      ranges: {
        bondingCurve: { min: 12.5, max: 99.9 },
        devHolding: { max: 0 },
        holders: { min: 0, max: 1_000_000_000 },
        liquidity: { min: 0.0001 },
        volume: { max: 999_999_999_999.9999 },
        marketCap: { min: 40_000, max: 40_000 },
        age: { min: 5, max: 30 },
      },
    },
  ];

  it.each(samples)("round-trips %o", (filters) => {
    const params = withColumnFilters(new URLSearchParams(), "new", filters);
    expect(readColumnFilters(new URLSearchParams(params.toString()), "new")).toEqual(filters);
  });

  it("writes one readable parameter per filter under the column's prefix", () => {
    const params = withColumnFilters(new URLSearchParams(), "graduating", {
      launchpads: ["pumpfun"],
      top10: true,
      social: true,
      ranges: { holders: { min: 100 }, age: { max: 30 } },
    });
    expect(params.toString()).toBe(
      "graduating.pumpfun=1&graduating.top10=1&graduating.social=1&graduating.minHolders=100&graduating.maxAge=30",
    );
  });

  it("replaces only its own column and keeps every other parameter", () => {
    const before = new URLSearchParams("graduated.social=1&new.minHolders=5&new.top10=1&ref=home");
    const after = withColumnFilters(before, "new", { ...noFilters, ranges: { age: { max: 10 } } });
    expect(after.toString()).toBe("graduated.social=1&ref=home&new.maxAge=10");
    expect(readColumnFilters(after, "graduated").social).toBe(true);
    expect(withColumnFilters(after, "new", noFilters).toString()).toBe("graduated.social=1&ref=home");
  });

  it("keeps columns apart", () => {
    expect(readColumnFilters(new URLSearchParams("graduated.minHolders=5"), "new")).toEqual(noFilters);
  });

  it.each([
    ["NaN", "new.minHolders=NaN"],
    ["negative", "new.minHolders=-5"],
    ["huge", `new.minVolume=${"9".repeat(300)}`],
    ["Infinity", "new.maxVolume=Infinity"],
    ["exponent", "new.maxVolume=1e9"],
    ["a percentage above 100", "new.maxBondingCurve=150"],
    ["script", "new.minHolders=%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["empty", "new.minHolders="],
    ["a flag that is not 1", "new.top10=true&new.social=yes&new.pumpfun=0"],
    ["an unknown launchpad", "new.raydium=1"],
    ["an unknown range", "new.minSupply=100"],
    ["a script as a name", "new.%3Cscript%3E=1"],
    ["min above max", "new.minHolders=500&new.maxHolders=100"],
  ])("ignores %s", (_name, query) => {
    expect(read(query)).toEqual(noFilters);
  });

  it("keeps the valid bound when its partner is malformed", () => {
    expect(read("new.minHolders=10&new.maxHolders=lots").ranges).toEqual({ holders: { min: 10 } });
  });

  it("takes the first of repeated parameters", () => {
    expect(read("new.minHolders=10&new.minHolders=20").ranges).toEqual({ holders: { min: 10 } });
    expect(read("new.minHolders=oops&new.minHolders=20").ranges).toEqual({});
  });
});
