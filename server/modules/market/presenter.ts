import type { PriceHistory, PriceQuote, Prices, TokenNewsItem } from "../../../contracts/market.ts";
import type { HistoryRange } from "../../../contracts/market-catalog.ts";
import type { ArticleRow, VoteTally } from "../articles/index.ts";
import { presentStoryArticle } from "../stories/index.ts";
import type { RawQuote } from "./price-source.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentQuote(quote: RawQuote, fetchedAt: number, source: string): PriceQuote {
  return { ...quote, asOf: iso(fetchedAt), source };
}

/** The /api/prices answer: every symbol asked, in the order asked, its quote or null. */
export function presentPrices(
  quotes: Array<{ symbol: string; entry: { quote: RawQuote | null; fetchedAt: number } | undefined }>,
  source: string,
  unavailable: Prices["unavailable"],
): Prices {
  const prices: Prices["prices"] = {};
  for (const { symbol, entry } of quotes) {
    prices[symbol] = entry?.quote ? presentQuote(entry.quote, entry.fetchedAt, source) : null;
  }
  return { prices, unavailable };
}

export function presentHistory(
  symbol: string,
  range: HistoryRange,
  points: Array<{ t: number; usd: number }>,
  recordedSince: number | null,
): PriceHistory {
  return {
    symbol,
    range,
    points: points.map((point) => ({ t: iso(point.t), usd: point.usd })),
    recordedSince: recordedSince === null ? null : iso(recordedSince),
  };
}

/** A story as a news item links to it: its id and title (as /api/stories names them) and its feed. */
export type StoryRef = { id: string; title: string; feed: string };

export function presentNewsItem(row: ArticleRow, story: StoryRef | null, tally: VoteTally | undefined): TokenNewsItem {
  return { ...presentStoryArticle(row, tally), feed: row.feed_key, story };
}
