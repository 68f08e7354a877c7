import type { Launchpad, PumpToken } from "./pump-vision-data.ts";

/** The "Top 10 holders" toggle keeps tokens whose ten largest holders own at most this share. */
export const TOP10_LIMIT_PERCENT = 30;

/** The min/max ranges, each with the largest value that makes sense for it. */
export const rangeFields = [
  { key: "bondingCurve", label: "Bonding curve", unit: "%", limit: 100, read: (t: PumpToken) => t.bondingCurvePercent },
  { key: "devHolding", label: "Dev holding", unit: "%", limit: 100, read: (t: PumpToken) => t.devPercent },
  { key: "holders", label: "Holders", unit: "", limit: 1e9, read: (t: PumpToken) => t.stats.holders },
  { key: "liquidity", label: "Liquidity", unit: "$", limit: 1e12, read: (t: PumpToken) => t.liquidity },
  { key: "volume", label: "Volume", unit: "$", limit: 1e12, read: (t: PumpToken) => t.stats.volume },
  { key: "marketCap", label: "Market cap", unit: "$", limit: 1e12, read: (t: PumpToken) => t.stats.marketCap },
  { key: "age", label: "Token age", unit: "minutes", limit: 1e8, read: (t: PumpToken) => t.ageMinutes },
] as const;

export type RangeKey = (typeof rangeFields)[number]["key"];
export type Range = { min?: number; max?: number };

export type PumpFilters = {
  /** Launchpads to keep; none ticked keeps every launchpad. */
  launchpads: readonly Launchpad[];
  /** Keep only tokens whose top 10 holders own at most TOP10_LIMIT_PERCENT. */
  top10: boolean;
  /** Keep only tokens with at least one social link. */
  social: boolean;
  ranges: Partial<Record<RangeKey, Range>>;
};

export const noFilters: PumpFilters = { launchpads: [], top10: false, social: false, ranges: {} };

/** The tokens that pass every active filter; bounds are inclusive. */
export function filterTokens(tokens: readonly PumpToken[], filters: PumpFilters): PumpToken[] {
  return tokens.filter((token) => {
    if (filters.launchpads.length > 0 && !filters.launchpads.includes(token.launchpad)) return false;
    if (filters.top10 && token.top10Percent > TOP10_LIMIT_PERCENT) return false;
    if (filters.social && token.socials.length === 0) return false;
    return rangeFields.every(({ key, read }) => {
      const range = filters.ranges[key];
      const value = read(token);
      return !(range?.min !== undefined && value < range.min) && !(range?.max !== undefined && value > range.max);
    });
  });
}

/** How many filters are on: each toggle, and each range with a bound, counts once. */
export function activeFilterCount(filters: PumpFilters): number {
  const ranges = rangeFields.filter(({ key }) => {
    const range = filters.ranges[key];
    return range?.min !== undefined || range?.max !== undefined;
  }).length;
  return filters.launchpads.length + Number(filters.top10) + Number(filters.social) + ranges;
}

const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;

/**
 * A typed or linked amount: plain digits with up to 4 decimals, from 0 to `limit`. Anything
 * else (signs, exponents, NaN, Infinity, words, markup) is `undefined`.
 */
export function parseAmount(text: string, limit: number): number | undefined {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value <= limit ? value : undefined;
}
