import type { FeedItem } from "../../../contracts/feeds.ts";
import { presentArticle } from "../feeds/presenter.ts";
import { type FavoriteRow, NO_VOTES, type VoteTally } from "./repository.ts";

/** A favorite as the API shows it: the article as it was when added, with today's votes. */
export const presentFavorite = (row: FavoriteRow, tally: VoteTally = NO_VOTES): FeedItem => presentArticle(row, tally);
