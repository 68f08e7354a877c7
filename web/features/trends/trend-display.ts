import type { Trends } from "../../../contracts/trends.ts";
import type { TrendCountry } from "../../../contracts/trends-catalog.ts";

/** What each source is called on the page. */
export const countryNames: Record<TrendCountry, string> = {
  US: "United States",
  GB: "United Kingdom",
  CA: "Canada",
  AU: "Australia",
  IN: "India",
};

/** A source by name: a country, or the real-time trends. */
export function sourceName(source: string): string {
  return source === "realtime" ? "Real-time trends" : (countryNames[source as TrendCountry] ?? source);
}

/** A source whose last read failed, for the notice. */
export type FailingSource = { source: string; name: string; reason: string; lastSuccessAt: string | null };

/** The sources whose last read failed, in the answer's order. */
export function failingSources(answer: Pick<Trends, "sources">): FailingSource[] {
  return answer.sources.flatMap((source) =>
    source.lastError
      ? [
          {
            source: source.source,
            name: sourceName(source.source),
            reason: source.lastError,
            lastSuccessAt: source.lastSuccessAt,
          },
        ]
      : [],
  );
}
