import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/**
 * Records one price per symbol for the minute `takenAt`. A minute already recorded (by
 * another process, say) is left as it is; returns how many rows were new.
 */
export async function insertSnapshots(
  { db }: Database,
  takenAt: number,
  prices: Array<{ symbol: string; usd: number }>,
): Promise<number> {
  if (prices.length === 0) return 0;
  const result = await db
    .insertInto("price_snapshots")
    .values(prices.map(({ symbol, usd }) => ({ symbol, taken_at: takenAt, usd })))
    .onConflict((conflict) => conflict.columns(["symbol", "taken_at"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Drops snapshots taken before `before`; returns how many. */
export async function deleteSnapshotsBefore({ db }: Database, before: number): Promise<number> {
  const result = await db.deleteFrom("price_snapshots").where("taken_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A symbol's snapshots since `since`, averaged per `bucketMs` (integer division of the
 * time on both databases), oldest first; each point is timed at its bucket's first snapshot.
 */
export async function snapshotPoints(
  { db }: Database,
  symbol: string,
  since: number,
  bucketMs: number,
): Promise<Array<{ t: number; usd: number }>> {
  const bucket = sql<number>`taken_at / ${sql.lit(bucketMs)}`;
  const rows = await db
    .selectFrom("price_snapshots")
    .select((eb) => [eb.fn.min<number>("taken_at").as("t"), eb.fn.avg<number>("usd").as("usd")])
    .where("symbol", "=", symbol)
    .where("taken_at", ">=", since)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return rows.map((row) => ({ t: Number(row.t), usd: Number(row.usd) }));
}

/** When the symbol's oldest kept snapshot was taken; null when none is. */
export async function oldestSnapshot({ db }: Database, symbol: string): Promise<number | null> {
  const row = await db
    .selectFrom("price_snapshots")
    .select((eb) => eb.fn.min<number>("taken_at").as("oldest"))
    .where("symbol", "=", symbol)
    .executeTakeFirst();
  return row?.oldest == null ? null : Number(row.oldest);
}
