import type { FeedItem } from "../../../contracts/feeds.ts";
import { foldByStory } from "../../../contracts/reading-catalog.ts";
import { articleKey } from "../../lib/articles.ts";

/** A line of the search results: an article, or the "+N more sources" of a story. */
export type ResultRow =
  | { kind: "article"; item: FeedItem; inFold: boolean }
  | { kind: "more"; lead: string; count: number; open: boolean };

/**
 * The search results, each story once: its earliest article, then "+N more
 * sources" and, once that is opened (`expanded` holds the lead's key), the other articles.
 */
export function resultRows(
  results: readonly FeedItem[],
  { fold, expanded }: { fold: boolean; expanded: ReadonlySet<string> },
): ResultRow[] {
  if (!fold) return results.map((item) => ({ kind: "article", item, inFold: false }));
  return foldByStory(results).flatMap(({ lead, more }): ResultRow[] => {
    const first: ResultRow = { kind: "article", item: lead, inFold: false };
    if (more.length === 0) return [first];
    const key = articleKey(lead);
    const open = expanded.has(key);
    return [
      first,
      { kind: "more", lead: key, count: more.length, open },
      ...(open ? more.map((item): ResultRow => ({ kind: "article", item, inFold: true })) : []),
    ];
  });
}
