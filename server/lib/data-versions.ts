import type { Database } from "../db/database.ts";

/** The tables whose writes move a version in `data_versions` (migration 023's triggers). */
export type VersionedTable =
  | "articles"
  | "article_votes"
  | "user_interactions"
  | "favorites"
  | "read_articles"
  | "feeds"
  | "price_snapshots"
  | "user_predictions"
  | "users"
  | "member_feeds"
  | "member_feed_follows"
  | "user_settings"
  | "blog_posts";

/**
 * What a kept answer is checked against: a version per table on SQLite, one for the whole
 * database on PostgreSQL (migration 023 says why).
 */
export type DataVersions = { readonly tables: ReadonlyMap<string, number> } | { readonly database: number };

/** The last versions read per database, with the change stamp they were read under (SQLite). */
const lastRead = new WeakMap<Database, { stamp: string; versions: DataVersions }>();

/**
 * The versions now, from one small query — or none on SQLite while its change stamp
 * (PRAGMA data_version and this connection's total_changes) stands still, since then
 * nothing at all was written, here or by another process. The stamp is read before the
 * query, so a write during it moves the stamp for the next caller.
 *
 * On PostgreSQL every call reads the database's one version: a request never shares an
 * older request's read, so a client that has just seen its own write commit always gets
 * a version that includes it.
 */
export async function readDataVersions(database: Database): Promise<DataVersions> {
  if (database.dialect === "postgres") {
    const row = await database.db
      .selectFrom("data_versions")
      .select("version")
      .where("name", "=", "all")
      .executeTakeFirst();
    return { database: Number(row?.version ?? 0) };
  }
  const stamp = database.changeStamp();
  const last = lastRead.get(database);
  if (stamp !== null && last?.stamp === stamp) return last.versions;
  const rows = await database.db.selectFrom("data_versions").select(["name", "version"]).execute();
  const versions = { tables: new Map(rows.map((row) => [row.name, Number(row.version)])) };
  if (stamp !== null) lastRead.set(database, { stamp, versions });
  return versions;
}

/** A short string that changes whenever a write touched one of `tables` (any table, on PostgreSQL). */
export const versionOf = (versions: DataVersions, tables: readonly VersionedTable[]): string =>
  "database" in versions ? String(versions.database) : tables.map((table) => versions.tables.get(table) ?? 0).join(".");
