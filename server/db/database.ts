import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

/** Runs plain SQL inside the migration transaction. */
export interface ScriptRunner {
  exec(script: string): Promise<void>;
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
}

/** One open database, whichever dialect backs it. */
export interface Database {
  readonly dialect: Dialect;
  readonly db: Kysely<Schema>;
  /** A short human description for logs, without credentials. */
  readonly description: string;
  /**
   * Runs `work` in one transaction while holding the database-wide migration lock,
   * waiting at most `timeoutMs` for another process to release it.
   */
  withMigrationLock<T>(timeoutMs: number, work: (runner: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * A stamp that changes whenever anything in the database may have changed (a write by
   * this process or a commit by another), read without touching a table; null where
   * the database offers no such thing (PostgreSQL). Lets a cache skip its own checks.
   */
  changeStamp(): string | null;
  close(): Promise<void>;
}

/** What a query needs: the database's Kysely, or a transaction's. */
export type Db = Pick<Database, "db">;
/** What a query needs that writes its SQL by dialect. */
export type DbWithDialect = Pick<Database, "db" | "dialect">;

export class MigrationLockTimeout extends Error {
  constructor(description: string, timeoutMs: number, options?: { cause?: unknown }) {
    super(
      `Another Gemwire process is migrating ${description}; gave up waiting after ${timeoutMs} ms. Start again once it has finished.`,
      options,
    );
    this.name = "MigrationLockTimeout";
  }
}
