/*
 * Search Trends rules, constants and texts, without zod, so the web app can import them
 * (docs/decisions/009); contracts/trends.ts holds the API schemas.
 */
import { type BuiltInToken, builtInTokens } from "./market-catalog.ts";

/** Spec §9: the countries whose daily trending searches are read, in this order. */
export const trendCountries = ["US", "GB", "CA", "AU", "IN"] as const;
export type TrendCountry = (typeof trendCountries)[number];

/** Spec §2 Search Trends: the period select, default Past 24hr. */
export const trendPeriods = ["4h", "24h", "48h", "7d"] as const;
export type TrendPeriod = (typeof trendPeriods)[number];
export const DEFAULT_TREND_PERIOD: TrendPeriod = "24h";
export const trendPeriodLabels: Record<TrendPeriod, string> = {
  "4h": "Past 4hr",
  "24h": "Past 24hr",
  "48h": "Past 48hr",
  "7d": "Past 7d",
};
export const trendPeriodMs: Record<TrendPeriod, number> = {
  "4h": 4 * 3_600_000,
  "24h": 24 * 3_600_000,
  "48h": 48 * 3_600_000,
  "7d": 7 * 24 * 3_600_000,
};

/** Spec §2: the sort toggle, default Traffic. */
export const trendSorts = ["traffic", "time"] as const;
export type TrendSort = (typeof trendSorts)[number];
export const DEFAULT_TREND_SORT: TrendSort = "traffic";

/** Spec §9: trends per page, and the delay of the paging transition. */
export const TRENDS_PAGE_SIZE = 20;
export const TRENDS_PAGING_DELAY_MS = 300;

/** Snapshots are kept this long: the longest period. */
export const TRENDS_KEEP_MS = trendPeriodMs["7d"];

/** Spec §8 texts of the page. */
export const NO_TRENDS = "No trends available for the selected time period.";
export const TRENDS_FAILED = "Failed to load trends. Please try again later.";

/**
 * Spec §5: traffic text such as '200K+', '2M+' or '1,000+' read as a number (K thousands,
 * M millions, commas allowed); null when it is not such a text.
 */
export function trafficNumber(traffic: string): number | null {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([KkMm])?\s*\+?\s*(?:searches)?\s*$/.exec(traffic);
  if (!match) return null;
  const base = Number((match[1] as string).replaceAll(",", ""));
  const unit = match[2]?.toUpperCase();
  const value = unit === "K" ? base * 1_000 : unit === "M" ? base * 1_000_000 : base;
  return Number.isFinite(value) ? Math.round(value) : null;
}

/** The built-in token a trend's title names (by symbol or name, as a whole word), for a link to its page. */
export function tokenNamedIn(title: string): BuiltInToken | undefined {
  const words = title.toLowerCase();
  return builtInTokens.find((token) => {
    const names = [token.symbol.toLowerCase(), token.name.toLowerCase()];
    return names.some((name) =>
      new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}($|[^\\p{L}\\p{N}])`, "u").test(words),
    );
  });
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
