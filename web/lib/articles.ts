import type { FeedItem } from "../../contracts/feeds.ts";

/*
 * What every list of articles shares, whichever feature shows it (feeds, stories): how an
 * article is known and how its outlet is labelled.
 */

/** What hide, de-duplication and list keys know an article by: its link, or its id when it has none. */
export const articleKey = (item: Pick<FeedItem, "link" | "id">) => item.link || item.id;

/** Cuts text to at most `max` characters, ending in "…" when it was longer. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Spec §9: an outlet's label (a source filter's, a story's) is cut to 30 characters. */
export const sourceLabel = (source: string) => truncate(source, 30);
