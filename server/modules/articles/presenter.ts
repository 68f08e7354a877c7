import type { FeedItem } from "../../../contracts/feeds.ts";
import { readCoins } from "../coins/index.ts";
import type { ArticleRow } from "./repository.ts";
import { NO_VOTES, type VoteTally } from "./tallies.ts";

/** The stored columns an article is shown from: a feed's row, or a favorite's copy of one. */
export type StoredArticle = Pick<
  ArticleRow,
  "item_id" | "title" | "link" | "published_at" | "undated" | "description" | "image" | "source" | "creator" | "coins"
>;

/** What presentArticles (present-articles.ts) knows of an article beyond its row and votes. */
export type ArticleContext = { story: string | null; read: boolean };

const NO_CONTEXT: ArticleContext = { story: null, read: false };

/**
 * An article as the API shows it, with its link's votes and comment count, its story and
 * the viewer's read state (none where not given). Lists of FeedItems come from
 * presentArticles, which gathers all of these for a page at once.
 */
export function presentArticle(
  row: StoredArticle,
  tally: VoteTally = NO_VOTES,
  context: ArticleContext = NO_CONTEXT,
): FeedItem {
  return {
    id: row.item_id,
    title: row.title,
    link: row.link,
    pubDate: new Date(row.published_at).toISOString(),
    undated: Number(row.undated) === 1,
    description: row.description,
    image: row.image,
    source: row.source,
    creator: row.creator,
    votes: { ...tally.votes },
    myVote: tally.myVote,
    comments: tally.comments,
    story: context.story,
    coins: readCoins(row.coins),
    read: context.read,
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
