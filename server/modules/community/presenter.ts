import type { FeedItem } from "../../../contracts/feeds.ts";
import { builtInCoins, tagArticle } from "../feeds/coin-tags.ts";
import { presentArticle } from "../feeds/presenter.ts";
import { type FavoriteRow, NO_VOTES, type VoteTally } from "./repository.ts";

/**
 * A favorite as the API shows it: the article as it was when added, with today's votes.
 * Its copy keeps no coin tags, so they are found as it is shown (a page of favorites is
 * small), with Gemwire's own coins.
 */
export const presentFavorite = (row: FavoriteRow, tally: VoteTally = NO_VOTES): FeedItem =>
  presentArticle({ ...row, coins: tagArticle(builtInCoins(), row) }, tally);
