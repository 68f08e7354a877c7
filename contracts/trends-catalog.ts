/*
 * Search Trends rules, constants and texts, without zod, so the web app can import them
 * (docs/decisions/009); contracts/trends.ts holds the API schemas.
 */
import { type BuiltInToken, builtInTokens } from "./market-catalog.ts";

/** The countries whose daily trending searches are read, in this order. */
export const trendCountries = ["US", "GB", "CA", "AU", "IN"] as const;
export type TrendCountry = (typeof trendCountries)[number];

/** Search Trends' period select, default Past 24hr. */
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

/** The sort toggle, default Traffic. */
export const trendSorts = ["traffic", "time"] as const;
export type TrendSort = (typeof trendSorts)[number];
export const DEFAULT_TREND_SORT: TrendSort = "traffic";

/** Trends per page, and the delay of the paging transition. */
export const TRENDS_PAGE_SIZE = 20;
export const TRENDS_PAGING_DELAY_MS = 300;

/** Snapshots are kept this long: the longest period. */
export const TRENDS_KEEP_MS = trendPeriodMs["7d"];

/** The page's texts for no trends and for a failed load. */
export const NO_TRENDS = "No trends available for the selected time period.";
export const TRENDS_FAILED = "Failed to load trends. Please try again later.";

/** Longer traffic texts are not traffic (and the check stays linear on hostile input). */
const MAX_TRAFFIC_TEXT = 64;
const TRAFFIC = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?) ?([KkMm])?\+?(?: searches)?$/;

/**
 * Traffic text such as '200K+', '2M+' or '1,000+' read as a number (K thousands,
 * M millions, commas allowed, an optional trailing 'searches'); null when it is not such a
 * text or the number is beyond what counts exactly (2^53).
 */
export function trafficNumber(traffic: string): number | null {
  if (traffic.length > MAX_TRAFFIC_TEXT) return null;
  const match = TRAFFIC.exec(traffic.trim().replace(/\s+/g, " "));
  if (!match) return null;
  const base = Number((match[1] as string).replaceAll(",", ""));
  const unit = match[2]?.toUpperCase();
  const value = Math.round(unit === "K" ? base * 1_000 : unit === "M" ? base * 1_000_000 : base);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Other coins whose names hold a built-in token's name: "bitcoin cash" is not Bitcoin.
 * Normalised as titles are (lower case, words separated by one space).
 */
const OTHER_COINS_NAMED_LIKE_BUILT_INS = new RegExp(
  `(?<= )(${[
    "bitcoin cash",
    "bitcoin sv",
    "bitcoin gold",
    "wrapped bitcoin",
    "ethereum classic",
    "ethereum name service",
    "wrapped ether",
    "wrapped ethereum",
  ].join("|")})(?= )`,
  "g",
);

/**
 * Names and symbols that are also everyday words or other things people search for ("el
 * sol", "ada compliance", "DOGE" the US department, the Colorado Avalanche, "tether ball"):
 * they name the token only beside a word about crypto.
 */
const AMBIGUOUS = new Set(["sol", "ada", "doge", "avalanche", "tether"]);
const CRYPTO_CUES =
  /(^| )(crypto|cryptocurrency|coin|coins|token|tokens|price|prices|etf|wallet|usd|staking|airdrop|blockchain)( |$)/;

/**
 * A title's words for whole-word comparisons: lower case, every run of characters other
 * than letters and digits one space, padded with a space at each end.
 */
export function titleWords(text: string): string {
  return ` ${text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/**
 * The built-in token a trend's title names (by symbol or name, as whole words), for a link
 * to its page; of several, the one named first. Names of other coins that hold a built-in's
 * name ("bitcoin cash") and everyday words ("sol", "ada") without a crypto word beside them
 * do not count.
 */
export function tokenNamedIn(title: string): BuiltInToken | undefined {
  const text = titleWords(title).replace(OTHER_COINS_NAMED_LIKE_BUILT_INS, "|");
  const cued = CRYPTO_CUES.test(text.trim());
  let first: { token: BuiltInToken; at: number } | undefined;
  for (const token of builtInTokens) {
    for (const term of new Set([token.symbol.toLowerCase(), titleWords(token.name).trim()])) {
      if (AMBIGUOUS.has(term) && !cued) continue;
      const at = text.indexOf(` ${term} `);
      if (at !== -1 && (first === undefined || at < first.at)) first = { token, at };
    }
  }
  return first?.token;
}
