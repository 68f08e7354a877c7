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

/** An outlet's label (a source filter's, a story's) is cut to 30 characters. */
export const sourceLabel = (source: string) => truncate(source, 30);

/** Lower case, with punctuation, symbols and runs of space folded to one space: how repeats are compared. */
const comparable = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, " ")
    .trim();

/**
 * The description worth showing on a card: none when it only repeats the title, with or
 * without the outlet's name before or after it (as many feeds send "Title  Outlet").
 */
export function cardDescription(item: Pick<FeedItem, "title" | "description" | "source">): string {
  const description = comparable(item.description);
  const title = comparable(item.title);
  if (!description || !title) return description ? item.description : "";
  const rest = description.startsWith(title)
    ? description.slice(title.length)
    : description.endsWith(title)
      ? description.slice(0, description.length - title.length)
      : null;
  if (rest === null) return item.description;
  const left = rest.trim();
  return left === "" || left === comparable(item.source) ? "" : item.description;
}
