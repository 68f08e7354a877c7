import { FAVORITES_MAX, type FavoriteResult, type VoteResult } from "../../../contracts/community.ts";
import type { FeedItem } from "../../../contracts/feeds.ts";
import type { Database } from "../../db/database.ts";
import { lockMember } from "../../db/lock-member.ts";
import type { VoteDirection } from "../../db/schema.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import { findArticleByLink, NO_VOTES, tallyArticles, visibleFeedKeys, visibleFeedsOf } from "../articles/index.ts";
import { builtInCoins, tagArticle } from "../coins/index.ts";
import { presentArticles } from "../stories/index.ts";
import {
  deleteFavorite,
  deleteVote,
  favoriteStats,
  hasFavorite,
  insertFavorite,
  listFavorites,
  saveVote,
} from "./repository.ts";

const articleNotFound = () => notFound("Article not found");

const tooManyFavorites = () => invalidRequest(`You can keep at most ${FAVORITES_MAX} favorites. Remove some first.`);

/** The stored article at `link` in a feed the member sees: a built-in feed, or one of their own. */
async function requireArticle(database: Database, link: string, userId: string) {
  const visible = await visibleFeedsOf(database, userId);
  const article = await findArticleByLink(database, link, visibleFeedKeys(visible));
  if (!article) throw articleNotFound();
  return article;
}

/**
 * Sets (or, with null, removes) the member's vote on a stored article and
 * answers the link's counts afterwards. Sending the same vote twice changes nothing. Only
 * a new vote needs the article (or the member's favorite copy of it): a vote can be taken
 * back after its article is pruned.
 */
export async function castVote(
  database: Database,
  userId: string,
  link: string,
  vote: VoteDirection | null,
  now = Date.now(),
): Promise<VoteResult> {
  if (vote === null) await deleteVote(database, userId, link);
  else {
    // A member's favorite keeps its article votable after the feed has let it go.
    const votable = (await findArticleByLink(database, link)) || (await hasFavorite(database, userId, link));
    if (!votable) throw articleNotFound();
    await saveVote(database, { userId, link, direction: vote, now });
  }
  const tally = (await tallyArticles(database, [link], userId)).get(link) ?? NO_VOTES;
  return { link, ...tally };
}

/**
 * The member's favorites, most recently added first: each the article as it was when
 * added, with today's votes, story and read state.
 */
export async function getFavorites(
  database: Database,
  userId: string,
  storiesWindowMs: number,
): Promise<{ items: FeedItem[] }> {
  const rows = await listFavorites(database, userId, FAVORITES_MAX);
  // A favorite's copy keeps no coin tags, so they are found as it is shown (a page of
  // favorites is small), with Gemwire's own coins.
  const tagged = rows.map((row) => ({ ...row, coins: tagArticle(builtInCoins(), row) }));
  return { items: await presentArticles(database, tagged, { viewerId: userId, storiesWindowMs }) };
}

/**
 * Adds a favorite: keeps a snapshot of the stored article. Adding a
 * favorite twice keeps one (even once its article is pruned); at FAVORITES_MAX nothing
 * more is added.
 */
export async function addFavorite(
  database: Database,
  userId: string,
  link: string,
  now = Date.now(),
): Promise<FavoriteResult> {
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    await lockMember(tx, userId);
    if (await hasFavorite(tx, userId, link)) return;
    const article = await requireArticle(tx, link, userId);
    const { count, latest } = await favoriteStats(tx, userId);
    if (count >= FAVORITES_MAX) throw tooManyFavorites();
    await insertFavorite(tx, {
      user_id: userId,
      link,
      item_id: article.item_id,
      title: article.title,
      description: article.description,
      image: article.image,
      source: article.source,
      creator: article.creator,
      published_at: article.published_at,
      undated: article.undated,
      // Strictly after the previous one, so "most recently added first" holds even within a millisecond.
      created_at: latest === null ? now : Math.max(now, latest + 1),
    });
  });
  return { link, favorite: true };
}

/** Removes a favorite; removing one that is not there is fine too. */
export async function removeFavorite(database: Database, userId: string, link: string): Promise<void> {
  await deleteFavorite(database, userId, link);
}
