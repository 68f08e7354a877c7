import type { FeedItem } from "../../../contracts/feeds.ts";
import type { ArticleRow } from "./repository.ts";

/** An article as the API shows it. Votes are counted by the community module once it exists; none are cast yet. */
export function presentArticle(row: ArticleRow): FeedItem {
  return {
    id: row.item_id,
    title: row.title,
    link: row.link,
    pubDate: new Date(row.published_at).toISOString(),
    description: row.description,
    image: row.image,
    source: row.source,
    creator: row.creator,
    votes: { up: 0, down: 0 },
  };
}

/** Keeps the first article of each link (or item id, for articles without one). */
export function uniqueByLink(rows: ArticleRow[]): ArticleRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.link || `${row.feed_key}:${row.item_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
