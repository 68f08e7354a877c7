import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";

type Created = { location: Config["database"]; drop(): Promise<void> };

/** A throw-away database: a fresh SQLite file, or a fresh database on the test PostgreSQL server. */
export type TestDatabaseTarget = {
  dialect: Database["dialect"];
  /** Creates an empty database and returns how to reach it, and how to drop it. */
  create(): Promise<Created>;
  /** Creates a database with every migration applied, as cheaply as the target can. */
  createMigrated?(): Promise<Created>;
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
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const created = (name: string): Created => ({
    location: { dialect: "postgres", url: urlOf(name) },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  });
  // Ordered as production databases usually are (en-US, not byte order), so a query that
  // relies on the order of strings is tested where it differs from JavaScript's.
  const createEmpty = (admin: pg.Client, name: string) =>
    admin
      .query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`)
      .catch(() => admin.query(`CREATE DATABASE ${name}`));
  return {
    dialect: "postgres",
    async create() {
      const name = `gemwire_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await createEmpty(admin, name);
      await admin.end();
      return created(name);
    },
    async createMigrated() {
      // A copy of a migrated template (one per set of migrations, kept on the server for
      // the next run) costs a file copy; migrating each test's database costs hundreds of
      // statements. The first process to need the template builds it under a lock, under
      // another name, and renames it when it is complete.
      const migrations = loadMigrations("postgres");
      const hash = createHash("sha256")
        .update(migrations.map((migration) => `${migration.id}:${migration.checksum}`).join("\n"))
        .digest("hex")
        .slice(0, 16);
      const template = `gemwire_template_${hash}`;
      const name = `gemwire_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const exists = async () =>
          (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount === 1;
        if (!(await exists())) {
          await admin.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
          try {
            if (!(await exists())) {
              const building = `${template}_building`;
              await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
              await createEmpty(admin, building);
              const database = openDatabase({ dialect: "postgres", url: urlOf(building) });
              try {
                await migrate(database, migrations, { lockTimeoutMs: 10_000 });
              } finally {
                await database.close();
              }
              await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
            }
          } finally {
            await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
          }
        }
        // FILE_COPY copies the template's few files; the default (WAL_LOG, PostgreSQL 15+)
        // writes every page through the log and takes longer for a small database.
        await admin
          .query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`)
          .catch(() => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      } finally {
        await admin.end();
      }
      return created(name);
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server the tests may create databases on. */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqliteTarget, postgresTarget(url)] : [sqliteTarget];
}

/** A database `openTestDatabase` made: the database, where it lives, and how to drop it. */
export type TestDatabaseHandle = Awaited<ReturnType<typeof openTestDatabase>>;

/** Creates, opens and migrates a fresh database; `dispose` closes and drops it. */
export async function openTestDatabase(target: TestDatabaseTarget) {
  // A copy of a migrated template (named by its migrations' checksums) needs no migrating.
  const created = await (target.createMigrated ? target.createMigrated() : target.create());
  const database = openDatabase(created.location);
  if (!target.createMigrated) await migrate(database, loadMigrations(database.dialect), { lockTimeoutMs: 10_000 });
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
