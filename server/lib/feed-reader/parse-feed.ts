import { readJsonFeed } from "./json-feed.ts";
import { creatorName, type NormalisedItem, normaliseItem, UNKNOWN_CREATOR } from "./normalise.ts";
import { FeedParseError, type RawItem } from "./raw-item.ts";
import { readXmlFeed } from "./xml-feed.ts";

export { FeedParseError };

/**
 * Parses a feed body of any accepted format (RSS 2.0, 0.9x and 1.0, Atom 1.0 and 0.3, JSON
 * Feed and the plain JSON shapes json-feed.ts reads) into normalised items. XML items are
 * normalised as the reader lets each go, so a big feed never holds its tree and raw items
 * at once. Items that fail to normalise are dropped, not the feed. Throws FeedParseError
 * ('Failed to parse feed content') when nothing fits.
 */
export function parseFeed(body: string, options: { fetchedAt: Date; baseUrl?: string }): NormalisedItem[] {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (text === "") throw new FeedParseError("Invalid XML feed structure");
  const items: NormalisedItem[] = [];
  const seen = new Set<string>();
  /** Items that name no author: an Atom feed's own author (or an RSS channel's) is theirs. */
  const unsigned: NormalisedItem[] = [];
  const add = (entry: RawItem) => {
    let item: NormalisedItem | undefined;
    try {
      item = normaliseItem(entry, options.fetchedAt, options.baseUrl);
    } catch {
      item = undefined;
    }
    // A feed repeating an id keeps its first item.
    if (item === undefined || seen.has(item.id)) return;
    // Undated items keep the feed's order: each a millisecond older than the one before.
    if (!item.dated) item.pubDate = new Date(options.fetchedAt.getTime() - items.length);
    seen.add(item.id);
    items.push(item);
    if (item.creator === UNKNOWN_CREATOR && creatorName(entry.creators) === "") unsigned.push(item);
  };
  if (text[0] === "{" || text[0] === "[") {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new FeedParseError("Invalid JSON feed structure");
    }
    for (const entry of guard(() => readJsonFeed(data), "Invalid JSON feed structure")) add(entry);
  } else {
    const byline = creatorName(guard(() => readXmlFeed(text, options.baseUrl, add), "Invalid XML feed structure"));
    // An item whose own bylines name no one (or only an address) has its feed's.
    if (byline) for (const item of unsigned) item.creator = byline;
  }
  return items;
}

/**
 * The `keep` newest of a feed's items (undated ones count as fetched just now, in the
 * feed's order): only these are ever stored, so a feed of 100,000 items costs the
 * database no more than one of `keep`.
 */
export function newestItems(items: NormalisedItem[], keep: number): NormalisedItem[] {
  if (items.length <= keep) return items;
  return [...items].sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime()).slice(0, keep);
}

/** Any failure inside a reader (a stack overflow on absurd nesting, say) is a parse error. */
function guard<T>(read: () => T, reason: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FeedParseError) throw error;
    throw new FeedParseError(reason);
  }
}
