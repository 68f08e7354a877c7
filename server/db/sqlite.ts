import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { type Database, MigrationLockTimeout, type ScriptRunner } from "./database.ts";
import type { Schema } from "./schema.ts";

const BUSY_TIMEOUT_MS = 5_000;

/** Opens (creating if needed) the embedded SQLite database in WAL mode. */
export function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  raw.pragma("foreign_keys = ON");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) });

  // data_version moves when another connection commits; total_changes() counts this
  // connection's own inserts, updates and deletes. Together: "has anything changed?".
  const dataVersion = raw.prepare("PRAGMA data_version").pluck();
  const ownChanges = raw.prepare("SELECT total_changes()").pluck();

  const runner: ScriptRunner = {
    async exec(script) {
      raw.exec(script);
    },
    async rows<T>(query: string, params: unknown[] = []) {
      const statement = raw.prepare(query);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as T[];
    },
  };

  return {
    dialect: "sqlite",
    db,
    description: `the SQLite database ${file}`,
    changeStamp: () => `${dataVersion.get()}.${ownChanges.get()}`,
    async withMigrationLock(timeoutMs, work) {
      // BEGIN IMMEDIATE takes SQLite's write lock up front; a second process waits
      // for it (busy_timeout) instead of reading a half-migrated schema.
      raw.pragma(`busy_timeout = ${timeoutMs}`);
      try {
        raw.exec("BEGIN IMMEDIATE");
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_BUSY") {
          throw new MigrationLockTimeout(this.description, timeoutMs, { cause: error });
        }
        throw error;
      } finally {
        raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      try {
        const result = await work(runner);
        raw.exec("COMMIT");
        return result;
      } catch (error) {
        if (raw.inTransaction) raw.exec("ROLLBACK");
        throw error;
      }
    },
    async close() {
      // Kysely only closes what it opened itself; the migrator may have been the only user.
      await db.destroy();
      if (raw.open) raw.close();
    },
  };
}
