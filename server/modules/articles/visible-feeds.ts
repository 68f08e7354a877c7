import { type RawBuilder, sql } from "kysely";
import { feedKeys } from "../../../contracts/feeds.ts";
import { MEMBER_FEED_KEY } from "../../../contracts/reading-catalog.ts";
import type { Database } from "../../db/database.ts";

/**
 * Whose articles a viewer may see in lists across feeds (Gemwire's feed, search, stories,
 * token news): the built-in feeds' for everyone, and a member feed's only for its
 * followers, so a stranger's feed never reaches everyone's lists.
 */
export type VisibleFeeds = {
  /** The member feeds the viewer follows, sorted (so equal sets compare equal). */
  followed: readonly string[];
};

/** What visitors, members following nothing, and every public list see: the built-in feeds. */
export const PUBLIC_FEEDS: VisibleFeeds = { followed: [] };

/** The built-in feeds that store articles (Gemwire's own is computed from them). */
export const BUILT_IN_FEED_KEYS: readonly string[] = feedKeys.filter((key) => key !== "gemwire");

export const isMemberFeedKey = (key: string) => MEMBER_FEED_KEY.test(key);

/** The viewer's visible feeds: one indexed query for a member, none for a visitor. */
export async function visibleFeedsOf(database: Database, viewerId: string | null): Promise<VisibleFeeds> {
  if (viewerId === null) return PUBLIC_FEEDS;
  const followed = await followedKeys(database, viewerId);
  return followed.length === 0 ? PUBLIC_FEEDS : { followed };
}

export const visibleFeedKeys = (visible: VisibleFeeds): string[] => [...BUILT_IN_FEED_KEYS, ...visible.followed];

/** `<column> IN (the visible keys)`, for raw SQL over articles. */
export function visibleFeedsSql(visible: VisibleFeeds, column = "feed_key"): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} IN (${sql.join(visibleFeedKeys(visible))})`;
}

/** The keys of the member feeds a member follows, in key order. */
export async function followedKeys({ db }: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("member_feed_follows")
    .select("feed_key")
    .where("user_id", "=", userId)
    .orderBy("feed_key")
    .execute();
  return rows.map((row) => row.feed_key);
}
