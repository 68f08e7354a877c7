import type { Database } from "../../db/database.ts";
import type { ArticleRow } from "../feeds/repository.ts";

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
 * The articles published since `since`: of one feed, of the built-in feeds (members'
 * feeds' keys start "mf-", see MEMBER_FEED_KEY), or of every feed.
 */
export async function articlesSince(
  { db }: Database,
  since: number,
  only: { feedKey?: string; builtIn?: boolean } = {},
): Promise<ArticleRow[]> {
  let select = db.selectFrom("articles").selectAll().where("published_at", ">=", since);
  if (only.feedKey) select = select.where("feed_key", "=", only.feedKey);
  if (only.builtIn) select = select.where("feed_key", "not like", "mf-%");
  return select.orderBy("published_at", "asc").orderBy("id", "asc").execute();
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
