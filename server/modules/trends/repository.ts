import type { Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { TrendSourcesTable, TrendsTable } from "../../db/schema.ts";
import { dayOf } from "../../lib/days.ts";
import type { ReadTrend } from "./trend-fields.ts";

export type TrendRow = Selectable<TrendsTable>;
export type TrendSourceRow = Selectable<TrendSourcesTable>;

const titleKey = (title: string) => title.toLowerCase();

/** Rows are written a few dozen at a time: well under either database's limit on parameters. */
const BATCH = 50;

/**
 * Stores one read of a source: new trends are added, those already stored for the same
 * title and day get the newer read's traffic, picture, news and date. Idempotent, and
 * safe when two processes write the same read at once (an upsert on both databases).
 * Returns how many rows were written.
 */
export async function upsertTrends(
  { db }: Database,
  source: string,
  trends: readonly ReadTrend[],
  fetchedAt: number,
): Promise<number> {
  // One row per key in a statement: PostgreSQL refuses to update a row twice in one upsert.
  const rows = new Map<string, TrendsTable>();
  for (const trend of trends) {
    const row: TrendsTable = {
      source,
      title_key: titleKey(trend.title),
      // A trend is one row per source, title and UTC day.
      day: dayOf(trend.pubDate),
      country: trend.country,
      title: trend.title,
      traffic: trend.traffic,
      traffic_number: trend.trafficNumber,
      picture: trend.picture,
      picture_source: trend.pictureSource,
      news_items: JSON.stringify(trend.newsItems),
      pub_date: trend.pubDate,
      fetched_at: fetchedAt,
    };
    const key = `${row.title_key}\u0000${row.day}`;
    const kept = rows.get(key);
    if (!kept || row.traffic_number > kept.traffic_number) rows.set(key, row);
  }
  const all = [...rows.values()];
  let written = 0;
  for (let at = 0; at < all.length; at += BATCH) {
    const result = await db
      .insertInto("trends")
      .values(all.slice(at, at + BATCH))
      .onConflict((conflict) =>
        conflict.columns(["source", "title_key", "day"]).doUpdateSet((eb) => ({
          country: eb.ref("excluded.country"),
          title: eb.ref("excluded.title"),
          traffic: eb.ref("excluded.traffic"),
          traffic_number: eb.ref("excluded.traffic_number"),
          picture: eb.ref("excluded.picture"),
          picture_source: eb.ref("excluded.picture_source"),
          news_items: eb.ref("excluded.news_items"),
          pub_date: eb.ref("excluded.pub_date"),
          fetched_at: eb.ref("excluded.fetched_at"),
        })),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return written;
}

/** Drops trends published before `before`; returns how many. */
export async function deleteTrendsBefore({ db }: Database, before: number): Promise<number> {
  const result = await db.deleteFrom("trends").where("pub_date", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Trends published since `since`, newest first, at most `limit` of them. */
export async function trendsSince({ db }: Database, since: number, limit: number): Promise<TrendRow[]> {
  return db
    .selectFrom("trends")
    .selectAll()
    .where("pub_date", ">=", since)
    .orderBy("pub_date", "desc")
    .orderBy("source")
    .orderBy("title_key")
    .limit(limit)
    .execute();
}

/** Notes a read of a source: when, and whether it worked (error null) or why not. */
export async function recordSourceRead(
  { db }: Database,
  source: string,
  read: { at: number; error: string | null },
): Promise<void> {
  const success = read.error === null ? read.at : null;
  await db
    .insertInto("trend_sources")
    .values({ source, last_attempt_at: read.at, last_success_at: success, last_error: read.error })
    .onConflict((conflict) =>
      conflict
        .column("source")
        .doUpdateSet((eb) => ({
          last_attempt_at: eb.ref("excluded.last_attempt_at"),
          // A failure keeps the time of the last read that worked.
          last_success_at:
            read.error === null ? eb.ref("excluded.last_success_at") : eb.ref("trend_sources.last_success_at"),
          last_error: eb.ref("excluded.last_error"),
        }))
        .where((eb) =>
          // An older read finishing late never hides a newer one.
          eb.or([eb("trend_sources.last_attempt_at", "is", null), eb("trend_sources.last_attempt_at", "<=", read.at)]),
        ),
    )
    .execute();
}

/** Every source's last read. */
export async function sourceRows({ db }: Database): Promise<TrendSourceRow[]> {
  return db.selectFrom("trend_sources").selectAll().orderBy("source").execute();
}
