import type { Database } from "../db/database.ts";

/** The tables that keep one JSON outcome per page address until it expires. */
export type UrlCacheTable = "analysis_cache" | "reader_cache";

/** A kept outcome and when it was written (epoch ms). */
export type Kept<T> = { outcome: T; at: number };

/**
 * One outcome per address, shared by every process through the database: the analysis
 * keeps its results in `analysis_cache`, the page reads behind the reader view and the
 * analysis in `reader_cache`.
 */
export function urlCache<T>(table: UrlCacheTable) {
  return {
    /** The outcome kept for `url`, unless it has expired. */
    async find({ db }: Database, url: string, now: number): Promise<Kept<T> | undefined> {
      const row = await db
        .selectFrom(table)
        .select(["outcome", "created_at"])
        .where("url", "=", url)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row ? { outcome: JSON.parse(row.outcome) as T, at: Number(row.created_at) } : undefined;
    },

    /** Keeps `outcome` for `url` until `expiresAt`; a second process writing the same address replaces it. */
    async store({ db }: Database, url: string, outcome: T, now: number, expiresAt: number): Promise<void> {
      const values = { url, outcome: JSON.stringify(outcome), created_at: now, expires_at: expiresAt };
      await db
        .insertInto(table)
        .values(values)
        .onConflict((conflict) =>
          conflict.column("url").doUpdateSet({
            outcome: values.outcome,
            created_at: values.created_at,
            expires_at: values.expires_at,
          }),
        )
        .execute();
    },

    /** Deletes the outcomes that have expired (maintenance); returns how many. */
    async prune({ db }: Database, now: number): Promise<number> {
      const result = await db.deleteFrom(table).where("expires_at", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
