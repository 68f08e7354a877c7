import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Dialect } from "./database.ts";

export type Migration = { id: string; sql: string; checksum: string };

export const defaultMigrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

const FILE_NAME = /^(\d{3}_[a-z0-9_]+?)(?:\.(sqlite|postgres))?\.sql$/;

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationError";
  }
}

/**
 * Reads the append-only migration history for one dialect. `NNN_name.sql` serves both
 * dialects; where they must differ, `NNN_name.sqlite.sql` and `NNN_name.postgres.sql`
 * together take its place, so both dialects always share the same list of ids.
 */
export function loadMigrations(dialect: Dialect, dir = defaultMigrationsDir): Migration[] {
  const variants = new Map<string, Partial<Record<"common" | Dialect, string>>>();
  for (const file of fs.readdirSync(dir).sort()) {
    const match = FILE_NAME.exec(file);
    if (!match) {
      if (file.endsWith(".sql")) throw new MigrationError(`Unexpected migration file name: ${file}`);
      continue;
    }
    const id = match[1] as string;
    const kind = (match[2] ?? "common") as "common" | Dialect;
    const entry = variants.get(id) ?? {};
    entry[kind] = path.join(dir, file);
    variants.set(id, entry);
  }
  const migrations: Migration[] = [];
  const seenNumbers = new Set<string>();
  for (const [id, entry] of variants) {
    const number = id.slice(0, 3);
    if (seenNumbers.has(number)) throw new MigrationError(`Two migrations share the number ${number}`);
    seenNumbers.add(number);
    if (entry.common && (entry.sqlite || entry.postgres)) {
      throw new MigrationError(`Migration ${id} has both a common file and a dialect-specific one`);
    }
    if (!entry.common && !(entry.sqlite && entry.postgres)) {
      throw new MigrationError(`Migration ${id} needs both .sqlite.sql and .postgres.sql`);
    }
    const file = (entry.common ?? entry[dialect]) as string;
    // Line endings follow the checkout (CRLF on some machines); the checksum must not.
    const sql = fs.readFileSync(file, "utf8").replace(/\r\n/g, "\n");
    migrations.push({ id, sql, checksum: createHash("sha256").update(sql).digest("hex") });
  }
  return migrations;
}

type AppliedRow = { id: string; checksum: string };

/**
 * Applies pending migrations in one transaction under a database-wide lock, so two
 * processes starting together never apply one twice and a failure leaves nothing half-done.
 * Returns the ids it applied.
 */
export async function migrate(
  database: Database,
  migrations: Migration[],
  options: { lockTimeoutMs: number; now?: () => number },
): Promise<string[]> {
  const now = options.now ?? Date.now;
  return database.withMigrationLock(options.lockTimeoutMs, async (runner) => {
    await runner.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    );
    const applied = await runner.rows<AppliedRow>("SELECT id, checksum FROM schema_migrations ORDER BY id");
    const known = new Map(migrations.map((m) => [m.id, m]));
    for (const row of applied) {
      const migration = known.get(row.id);
      if (!migration) {
        throw new MigrationError(
          `${database.description} has migration ${row.id}, which this version of Gemwire does not know. Is an older version running against a newer database?`,
        );
      }
      if (migration.checksum !== row.checksum) {
        throw new MigrationError(
          `Migration ${row.id} was changed after it was applied to ${database.description}. Migrations are append-only: add a new one instead.`,
        );
      }
    }
    const done = new Set(applied.map((row) => row.id));
    const pending = migrations.filter((m) => !done.has(m.id));
    for (const migration of pending) {
      try {
        await runner.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.id} failed: ${(error as Error).message}`);
      }
      await runner.rows("INSERT INTO schema_migrations (id, checksum, applied_at) VALUES (?, ?, ?)", [
        migration.id,
        migration.checksum,
        now(),
      ]);
    }
    return pending.map((m) => m.id);
  });
}
