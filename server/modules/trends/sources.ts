import { type TrendCountry, trendCountries } from "../../../contracts/trends-catalog.ts";
import type { Config } from "../../config.ts";

/** One place trends are read from: a country's daily RSS, or the real-time JSON. */
export type TrendSource = {
  /** The country code, or 'realtime'; how the source is named in the API and the database. */
  id: string;
  format: "rss" | "realtime";
  country: TrendCountry;
  url: string;
};

export const REALTIME_SOURCE = "realtime";

/** The daily RSS address for one country: `geo` set on the operator's URL, any other query kept. */
export function countryFeedUrl(base: string, country: TrendCountry): string {
  const url = new URL(base);
  url.searchParams.set("geo", country);
  return url.href;
}

/** Every configured source: the five countries' RSS in trendCountries' order, then the real-time trends when set. */
export function trendSources(config: Pick<Config, "trendsUrl" | "realtimeTrendsUrl">): TrendSource[] {
  const daily = trendCountries.map(
    (country): TrendSource => ({ id: country, format: "rss", country, url: countryFeedUrl(config.trendsUrl, country) }),
  );
  const realtime = config.realtimeTrendsUrl
    ? [{ id: REALTIME_SOURCE, format: "realtime" as const, country: "US" as const, url: config.realtimeTrendsUrl }]
    : [];
  return [...daily, ...realtime];
}
