import type { FeedItem } from "../../../contracts/feeds.ts";
import { type FavoriteRow, NO_VOTES, type VoteTally } from "./repository.ts";

/** A favorite as the API shows it: the article as it was when added, with today's votes. */
export function presentFavorite(row: FavoriteRow, tally: VoteTally = NO_VOTES): FeedItem {
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
  };
}
