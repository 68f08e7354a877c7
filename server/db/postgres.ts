import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { type Database, MigrationLockTimeout, type ScriptRunner } from "./database.ts";
import type { Schema } from "./schema.ts";

/** Any 64-bit integer key works; this one spells "gemwire" so it is recognisable in pg_locks. */
const MIGRATION_LOCK_KEY = "7453472841218962789";
const LOCK_NOT_AVAILABLE = "55P03";
const INT8_OID = 20;

/** BIGINT columns hold epoch milliseconds and GEMS amounts: exact within 2^53. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} exceeds the safe range`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Placeholders are written `?` in the migrator's few queries; PostgreSQL wants `$n`. */
function numbered(query: string): string {
  let n = 0;
  return query.replace(/\?/g, () => `$${++n}`);
}

export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `the PostgreSQL database ${parsed.pathname.slice(1) || "(default)"} on ${parsed.hostname || "localhost"}`;
  } catch {
    return "the PostgreSQL database";
  }
}

export type PostgresOptions = {
  /** Told when an idle connection breaks (the pool replaces it); by default, nothing. */
  onConnectionError?: (error: Error) => void;
};

/** Connects a pool to a PostgreSQL server. */
export function openPostgres(url: string, { onConnectionError = () => {} }: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types,
    // A server that accepts TCP but never answers must not hang start-up or requests.
    connectionTimeoutMillis: 10_000,
    statement_timeout: 30_000,
    keepAlive: true,
  });
  // A client losing its connection must not crash the process. An idle one is reported
  // by the pool. One checked out between two queries (inside a transaction, say) emits
  // 'error' on itself, which kills the process unless someone listens: its next query
  // fails anyway (a 503, see unavailable.ts; logged there) and the pool drops it on release.
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const description = describePostgres(url);

  return {
    dialect: "postgres",
    db,
    description,
    changeStamp: () => null,
    async withMigrationLock(timeoutMs, work) {
      const client = await pool.connect();
      const runner: ScriptRunner = {
        async exec(script) {
          await client.query(script);
        },
        async rows<T>(query: string, params: unknown[] = []) {
          return (await client.query(numbered(query), params)).rows as T[];
        },
      };
      try {
        await client.query("BEGIN");
        await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(timeoutMs))}`);
        try {
          await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
        } catch (error) {
          if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) {
            throw new MigrationLockTimeout(description, timeoutMs, { cause: error });
          }
          throw error;
        }
        // Migrations may legitimately run long; locks they need are still bounded above.
        await client.query("SET LOCAL statement_timeout = 0");
        const result = await work(runner);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      // Kysely only ends the pool once it has used it; the migrator may have been the only user.
      await db.destroy();
      if (!pool.ended) await pool.end();
    },
  };
}
