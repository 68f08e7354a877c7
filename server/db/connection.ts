import type { Config } from "../config.ts";
import type { Database } from "./database.ts";
import { openPostgres, type PostgresOptions } from "./postgres.ts";
import { openSqlite } from "./sqlite.ts";

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite. */
export function openDatabase(database: Config["database"], options: PostgresOptions = {}): Database {
  return database.dialect === "postgres" ? openPostgres(database.url, options) : openSqlite(database.file);
}
