import type { Trend } from "../../../contracts/trends.ts";
import type { TrendCountry } from "../../../contracts/trends-catalog.ts";
import type { TrendRow, TrendSourceRow } from "./repository.ts";

type NewsItem = Trend["newsItems"][number];

const iso = (time: number | null) => (time === null ? null : new Date(Number(time)).toISOString());

/** The stored news items; anything not shaped as written is left out rather than sent. */
function newsItems(json: string): NewsItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const { title, url, source } = (item ?? {}) as Record<string, unknown>;
    return typeof title === "string" &&
      typeof url === "string" &&
      typeof source === "string" &&
      /^https?:\/\//i.test(url)
      ? [{ title, url, source }]
      : [];
  });
}

/** A stored trend as the API sends it (a Trend, with its country). */
export function presentTrend(row: TrendRow): Trend {
  return {
    title: row.title,
    traffic: row.traffic,
    trafficNumber: Number(row.traffic_number),
    picture: row.picture,
    pictureSource: row.picture_source,
    newsItems: newsItems(row.news_items),
    pubDate: iso(row.pub_date) as string,
    country: row.country as TrendCountry,
  };
}

/** A source's last read for the answer; a source never read yet has neither time nor error. */
export function presentSource(source: string, row: TrendSourceRow | undefined) {
  return {
    source,
    lastSuccessAt: iso(row?.last_success_at ?? null),
    lastError: row?.last_error ?? null,
  };
}
