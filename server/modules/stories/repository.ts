import type { Database } from "../../db/database.ts";
import type { ArticleRow } from "../feeds/repository.ts";

/** What tells a scope's articles changed: how many there are, the newest id, the latest update. */
export type ScopeSignature = { count: number; maxId: number; updatedAt: number };

/**
 * Per feed, a signature of the articles published since `since`: one small aggregate
 * query, so a request whose articles have not changed costs no clustering at all.
 */
export async function signaturesSince({ db }: Database, since: number): Promise<Map<string, ScopeSignature>> {
  const rows = await db
    .selectFrom("articles")
    .select((eb) => [
      "feed_key",
      eb.fn.countAll<number>().as("count"),
      eb.fn.max<number>("id").as("max_id"),
      eb.fn.max<number>("updated_at").as("updated_at"),
    ])
    .where("published_at", ">=", since)
    .groupBy("feed_key")
    .execute();
  return new Map(
    rows.map((row) => [
      row.feed_key,
      { count: Number(row.count), maxId: Number(row.max_id), updatedAt: Number(row.updated_at) },
    ]),
  );
}

/** The articles published since `since`, of one feed or (without `feedKey`) of every feed. */
export async function articlesSince({ db }: Database, since: number, feedKey?: string): Promise<ArticleRow[]> {
  let select = db.selectFrom("articles").selectAll().where("published_at", ">=", since);
  if (feedKey) select = select.where("feed_key", "=", feedKey);
  return select.orderBy("published_at", "asc").orderBy("id", "asc").execute();
}
