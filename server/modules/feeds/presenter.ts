import type { FeedItem } from "../../../contracts/feeds.ts";
import { NO_VOTES, type VoteTally } from "../community/repository.ts";
import { readCoins } from "./coin-tags.ts";
import type { ArticleRow } from "./repository.ts";

/** The stored columns an article is shown from: a feed's row, or a favorite's copy of one. */
export type StoredArticle = Pick<
  ArticleRow,
  "item_id" | "title" | "link" | "published_at" | "description" | "image" | "source" | "creator" | "coins"
>;

/** An article as the API shows it, with its link's votes and comment count (none where not given). */
export function presentArticle(row: StoredArticle, tally: VoteTally = NO_VOTES): FeedItem {
  return {
    id: row.item_id,
    title: row.title,
    link: row.link,
    pubDate: new Date(row.published_at).toISOString(),
    description: row.description,
    image: row.image,
    source: row.source,
    creator: row.creator,
    votes: { ...tally.votes },
    myVote: tally.myVote,
    comments: tally.comments,
    story: null,
    coins: readCoins(row.coins),
    read: false,
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
