import type { Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import { lockMember } from "../../db/lock-member.ts";
import type { FeedsTable } from "../../db/schema.ts";

export type FollowedFeedRow = {
  key: string;
  url: string;
  title: string;
  site_url: string | null;
  added_at: number;
  status: Selectable<FeedsTable> | undefined;
  item_count: number;
};

/** A member's feeds, the earliest followed first, with each feed's status and stored items. */
export async function listFollowedFeeds(database: Database, userId: string): Promise<FollowedFeedRow[]> {
  const { db } = database;
  const follows = await db
    .selectFrom("member_feed_follows as f")
    .innerJoin("member_feeds as m", "m.key", "f.feed_key")
    .select(["m.key", "m.url", "m.title", "f.site_url", "f.added_at"])
    .where("f.user_id", "=", userId)
    .orderBy("f.added_at", "asc")
    .orderBy("m.key", "asc")
    .execute();
  if (follows.length === 0) return [];
  const keys = follows.map((row) => row.key);
  const [statuses, counts] = await Promise.all([
    db.selectFrom("feeds").selectAll().where("key", "in", keys).execute(),
    db
      .selectFrom("articles")
      .select(["feed_key", db.fn.countAll<number>().as("count")])
      .where("feed_key", "in", keys)
      .groupBy("feed_key")
      .execute(),
  ]);
  const byKey = new Map(statuses.map((row) => [row.key, row]));
  const countByKey = new Map(counts.map((row) => [row.feed_key, Number(row.count)]));
  return follows.map((row) => ({ ...row, status: byKey.get(row.key), item_count: countByKey.get(row.key) ?? 0 }));
}

/** The keys of the member feeds a member follows. */
export async function isFollowing({ db }: Database, userId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("member_feed_follows")
    .select("feed_key")
    .where("user_id", "=", userId)
    .where("feed_key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

export type FollowOutcome = "followed" | "already" | "full";

/**
 * Follows a feed, creating its shared row on first follow. Under the member's lock, so
 * two follows at once never take a member past `limit`; the feed's row and the follow
 * are each inserted once however many requests race (ON CONFLICT DO NOTHING).
 */
export async function follow(
  database: Database,
  userId: string,
  feed: { key: string; url: string; title: string; siteUrl: string | null },
  limit: number,
  now: number,
): Promise<FollowOutcome> {
  return database.db.transaction().execute(async (trx) => {
    await lockMember({ db: trx, dialect: database.dialect }, userId);
    const existing = await trx
      .selectFrom("member_feed_follows")
      .select("feed_key")
      .where("user_id", "=", userId)
      .where("feed_key", "=", feed.key)
      .executeTakeFirst();
    if (existing) return "already";
    const count = await trx
      .selectFrom("member_feed_follows")
      .select(trx.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= limit) return "full";
    await trx
      .insertInto("member_feeds")
      .values({ key: feed.key, url: feed.url, title: feed.title, created_at: now })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    await trx
      .insertInto("member_feed_follows")
      .values({ user_id: userId, feed_key: feed.key, site_url: feed.siteUrl, added_at: now })
      .onConflict((conflict) => conflict.columns(["user_id", "feed_key"]).doNothing())
      .execute();
    return "followed";
  });
}

/** How many feeds a member follows. */
export async function countFollowed({ db }: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("member_feed_follows")
    .select(db.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the member followed it (and no longer does). */
export async function unfollow({ db }: Database, userId: string, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom("member_feed_follows")
    .where("user_id", "=", userId)
    .where("feed_key", "=", key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * When the feed's current followers began following it (the earliest follow), or null when
 * nobody does: it names the feed's first fetch, which a feed followed again after its last
 * follower left must have afresh (its status and articles were dropped, see below).
 */
export async function followedSince({ db }: Database, key: string): Promise<number | null> {
  const row = await db
    .selectFrom("member_feed_follows")
    .select((eb) => eb.fn.min<number | string | null>("added_at").as("since"))
    .where("feed_key", "=", key)
    .executeTakeFirst();
  return row?.since == null ? null : Number(row.since);
}

/** The shared feed's row, for a member following an address someone already follows. */
export async function findMemberFeed({ db }: Database, key: string) {
  return db.selectFrom("member_feeds").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * Drops what a feed nobody follows any more left behind: its articles and its status
 * row (a later follower starts it afresh). Run after an unfollow and by every refresh
 * pass, which also catches a refresh that stored items while the last follower left.
 * Each delete asks again who follows, in the same statement, so a member who followed
 * the feed since it was listed keeps its articles and status (its first fetch may be done).
 */
export async function pruneUnfollowedFeeds({ db }: Database, onlyKey?: string): Promise<number> {
  let orphans = db
    .selectFrom("member_feeds as m")
    .select("m.key")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("member_feed_follows as f").select("f.feed_key").whereRef("f.feed_key", "=", "m.key"))),
    );
  if (onlyKey) orphans = orphans.where("m.key", "=", onlyKey);
  const keys = (await orphans.execute()).map((row) => row.key);
  if (keys.length === 0) return 0;
  const deleted = await db
    .deleteFrom("articles")
    .where("feed_key", "in", keys)
    .where("feed_key", "in", orphans)
    .executeTakeFirst();
  await db.deleteFrom("feeds").where("key", "in", keys).where("key", "in", orphans).execute();
  return Number(deleted.numDeletedRows);
}

/**
 * The member feeds the scheduler should fetch now, at most `limit`, the longest waiting
 * first: followed by someone, and never fetched, moved to a new address, due, or (at
 * start-up) failing. Keeps the cost of a pass bounded however many feeds members follow.
 */
export async function dueMemberFeeds(
  { db }: Database,
  { now, startup, limit }: { now: number; startup: boolean; limit: number },
): Promise<Array<{ key: string; url: string }>> {
  return db
    .selectFrom("member_feeds as m")
    .leftJoin("feeds as s", "s.key", "m.key")
    .select(["m.key", "m.url"])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("member_feed_follows as f").select("f.feed_key").whereRef("f.feed_key", "=", "m.key")),
    )
    .where((eb) =>
      eb.or([
        eb("s.key", "is", null),
        eb("s.url", "<>", eb.ref("m.url")),
        eb("s.next_fetch_at", "<=", now),
        ...(startup ? [eb("s.last_error", "is not", null)] : []),
      ]),
    )
    .orderBy((eb) => eb.fn.coalesce("s.next_fetch_at", eb.lit(0)), "asc")
    .orderBy("m.key")
    .limit(limit)
    .execute();
}
