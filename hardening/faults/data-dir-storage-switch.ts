/**
 * Makes a database fail its writes as a full (or read-only) disk does, at the driver: the
 * data-directory fault tests' way to fill a disk on both databases without filling one.
 */
import BetterSqlite3 from "better-sqlite3";
import type { KyselyPlugin, RootOperationNode } from "kysely";
import pg from "pg";
import type { Database } from "../../server/db/database.ts";

/** The errors each database's driver throws for a write when its storage is full, or read-only. */
const STORAGE_ERRORS = {
  sqlite: {
    full: () => new BetterSqlite3.SqliteError("database or disk is full", "SQLITE_FULL"),
    "read-only": () => new BetterSqlite3.SqliteError("attempt to write a readonly database", "SQLITE_READONLY"),
  },
  postgres: {
    // SQLSTATE 53100 disk_full; 25006 read_only_sql_transaction (a standby, after a failover).
    full: () => pgError('could not extend file "base/16384/16402": No space left on device', "53100"),
    "read-only": () => pgError("cannot execute INSERT in a read-only transaction", "25006"),
  },
} as const;

function pgError(message: string, code: string) {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

/**
 * Makes the database fail every write as a full (or read-only) disk does, while
 * `storage.state` says so: the driver's own error, thrown where the query would run.
 * Reads go through.
 */
export function storageSwitch(database: Database) {
  const storage: { state: "ok" | "full" | "read-only"; refused: number } = { state: "ok", refused: 0 };
  const writes = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);
  const isWrite = (node: RootOperationNode) =>
    writes.has(node.kind) ||
    (node.kind === "RawNode" && /^\s*(insert|update|delete|replace)\b/i.test(node.sqlFragments.join("")));
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (storage.state !== "ok" && isWrite(node)) {
        storage.refused++;
        throw STORAGE_ERRORS[database.dialect][storage.state]();
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { storage, database: { ...database, db: database.db.withPlugin(plugin) } as Database };
}
