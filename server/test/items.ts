import type { NormalisedItem } from "../lib/feed-reader/normalise.ts";

const HOUR = 3_600_000;

/** A normalised feed item for tests: `id`, published `hoursAgo` before `now`, the rest overridable. */
export function testItem(
  id: string,
  hoursAgo: number,
  now: number,
  extra: Partial<NormalisedItem> = {},
): NormalisedItem {
  return {
    id,
    title: `Story ${id}`,
    link: `https://news.example/${id}`,
    pubDate: new Date(now - hoursAgo * HOUR),
    dated: true,
    description: `About ${id}`,
    image: null,
    source: "news.example",
    creator: "Ann",
    ...extra,
  };
}
