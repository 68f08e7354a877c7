import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";

/** A throw-away database: a fresh SQLite file, or a fresh database on the test PostgreSQL server. */
export type TestDatabaseTarget = {
  dialect: Database["dialect"];
  /** Creates an empty database and returns how to reach it, and how to drop it. */
  create(): Promise<{ location: Config["database"]; drop(): Promise<void> }>;
};

export const sqliteTarget: TestDatabaseTarget = {
  dialect: "sqlite",
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-test-"));
    return {
      location: { dialect: "sqlite", file: path.join(dir, "gemwire.db") },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export function postgresTarget(adminUrl: string): TestDatabaseTarget {
  return {
    dialect: "postgres",
    async create() {
      const name = `gemwire_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Ordered as production databases usually are (en-US, not byte order), so a query
      // that relies on the order of strings is tested where it differs from JavaScript's.
      await admin
        .query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`)
        .catch(() => admin.query(`CREATE DATABASE ${name}`));
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        location: { dialect: "postgres", url: url.toString() },
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server the tests may create databases on. */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqliteTarget, postgresTarget(url)] : [sqliteTarget];
}

/** Creates, opens and migrates a fresh database; `dispose` closes and drops it. */
export async function openTestDatabase(target: TestDatabaseTarget) {
  const created = await target.create();
  const database = openDatabase(created.location);
  await migrate(database, loadMigrations(database.dialect), { lockTimeoutMs: 10_000 });
  return {
    database,
    location: created.location,
    async dispose() {
      await database.close().catch(() => {});
      await created.drop();
    },
  };
}

/**
 * A fresh database migrated up to, not including, migration `before` (e.g. "012"): for
 * testing what that migration does to rows stored before it. `migrateRest` applies the
 * rest and returns the ids it applied; `dispose` closes and drops the database.
 */
export async function openDatabaseBefore(target: TestDatabaseTarget, before: string) {
  const created = await target.create();
  const database = openDatabase(created.location);
  const all = loadMigrations(database.dialect);
  await migrate(
    database,
    all.filter((m) => m.id < before),
    { lockTimeoutMs: 10_000 },
  );
  return {
    database,
    migrateRest: () => migrate(database, all, { lockTimeoutMs: 10_000 }),
    async dispose() {
      await database.close().catch(() => {});
      await created.drop();
    },
  };
}

/**
 * Takes the migration lock as another process would mid-migration, and keeps it until
 * `release()`; `released` settles once the lock is given back.
 */
export async function holdMigrationLock(database: Database) {
  let release: () => void = () => {};
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = database.withMigrationLock(30_000, async () => {
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  return { release: () => release(), released };
}
