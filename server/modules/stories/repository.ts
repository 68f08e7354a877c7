import type { Database } from "../../db/database.ts";
import type { ArticleRow } from "../articles/index.ts";
import { BUILT_IN_FEED_KEYS } from "../articles/index.ts";

/**
 * A fingerprint of each feed's articles published since `since`: how many, the newest
 * id, and sums of ids and update times (kept small by a modulus). Any insert, deletion
 * or update of an article in the window changes it; one small aggregate query, so a
 * request whose articles have not changed costs no clustering at all.
 */
export async function signaturesSince({ db }: Database, since: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("articles")
    .select((eb) => [
      "feed_key",
      eb.fn.countAll<number>().as("count"),
      eb.fn.max<number>("id").as("max_id"),
      eb.fn.sum<number>("id").as("id_sum"),
      eb.fn.sum<number>(eb("updated_at", "%", 1_000_000_007)).as("updated_sum"),
    ])
    .where("published_at", ">=", since)
    .groupBy("feed_key")
    .execute();
  return new Map(rows.map((row) => [row.feed_key, `${row.count}:${row.max_id}:${row.id_sum}:${row.updated_sum}`]));
}

/**
 * The articles published since `since`, earliest first: of one feed, or of the built-in
 * feeds (BUILT_IN_FEED_KEYS — never a member's feed, nor a feed no longer configured
 * whose rows linger).
 */
export async function articlesSince(
  { db }: Database,
  since: number,
  only: { feedKey: string } | { builtIn: true },
): Promise<ArticleRow[]> {
  let select = db.selectFrom("articles").selectAll().where("published_at", ">=", since);
  select =
    "feedKey" in only
      ? select.where("feed_key", "=", only.feedKey)
      : select.where("feed_key", "in", BUILT_IN_FEED_KEYS);
  return select.orderBy("published_at", "asc").orderBy("id", "asc").execute();
}

/**
 * The newest `limit` articles of members' feeds (keys "mf-…", see MEMBER_FEED_KEY)
 * published since `since`, earliest first.
 */
export async function newestMemberArticlesSince({ db }: Database, since: number, limit: number): Promise<ArticleRow[]> {
  const rows = await db
    .selectFrom("articles")
    .selectAll()
    .where("published_at", ">=", since)
    .where("feed_key", "like", "mf-%")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

/**
 * A fingerprint of every vote: how many, how many up, and a sum of their times (kept
 * small by a modulus). A new, changed (voting again moves the time) or withdrawn vote
 * changes it. One aggregate query over the votes table — cheaper than picking out the
 * votes on the window's articles, and a vote elsewhere only costs one needless refresh.
 */
export async function voteSignature({ db }: Database): Promise<string> {
  const row = await db
    .selectFrom("article_votes")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>(eb.case().when("direction", "=", "up").then(1).else(0).end()).as("up"),
      eb.fn.sum<number>(eb("created_at", "%", 1_000_000_007)).as("time_sum"),
    ])
    .executeTakeFirstOrThrow();
  return `${row.count}:${row.up ?? 0}:${row.time_sum ?? 0}`;
}
