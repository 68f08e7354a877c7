import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { holdMigrationLock, testDatabaseTargets } from "../test/databases.ts";
import { tempDirs } from "../test/temp-dirs.ts";
import { openDatabase } from "./connection.ts";
import { type Database, MigrationLockTimeout } from "./database.ts";
import { loadMigrations, type Migration, MigrationError, migrate } from "./migrate.ts";

const temp = tempDirs();
afterAll(() => temp.removeAll());

function migrationsDir(files: Record<string, string>): string {
  const dir = temp.make("migrations");
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("loadMigrations", () => {
  it("uses a common file for both dialects and dialect files where they differ", () => {
    const dir = migrationsDir({
      "001_init.sql": "CREATE TABLE a (id TEXT);",
      "002_search.sqlite.sql": "CREATE TABLE s (id TEXT);",
      "002_search.postgres.sql": "CREATE TABLE p (id TEXT);",
      "README.md": "not a migration",
    });
    expect(loadMigrations("sqlite", dir).map((m) => [m.id, m.sql])).toEqual([
      ["001_init", "CREATE TABLE a (id TEXT);"],
      ["002_search", "CREATE TABLE s (id TEXT);"],
    ]);
    expect(loadMigrations("postgres", dir).map((m) => m.sql)[1]).toBe("CREATE TABLE p (id TEXT);");
  });

  it.each([
    [{ "001_a.sql": "", "001_a.sqlite.sql": "" }, /both a common file and a dialect-specific one/],
    [{ "001_a.sqlite.sql": "" }, /needs both .sqlite.sql and .postgres.sql/],
    [{ "001_a.sql": "", "001_b.sql": "" }, /share the number 001/],
    [{ "1_init.sql": "" }, /Unexpected migration file name: 1_init.sql/],
  ])("refuses an inconsistent history %o", (files, message) => {
    expect(() => loadMigrations("sqlite", migrationsDir(files))).toThrow(message);
  });

  it("gives the same checksum whatever the checkout's line endings", () => {
    const lf = loadMigrations("sqlite", migrationsDir({ "001_a.sql": "CREATE TABLE a (id TEXT);\nSELECT 1;\n" }));
    const crlf = loadMigrations("sqlite", migrationsDir({ "001_a.sql": "CREATE TABLE a (id TEXT);\r\nSELECT 1;\r\n" }));
    expect(crlf[0]?.checksum).toBe(lf[0]?.checksum);
  });

  it("ships a history that loads for both dialects with the same ids", () => {
    const ids = (dialect: "sqlite" | "postgres") => loadMigrations(dialect).map((m) => m.id);
    expect(ids("sqlite")).toEqual(ids("postgres"));
    expect(ids("sqlite")[0]).toBe("001_init");
  });
});

describe.each(testDatabaseTargets())("migrate on $dialect", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshLocation() {
    const created = await target.create();
    cleanups.push(created.drop);
    return created.location;
  }
  function open(location: Awaited<ReturnType<typeof freshLocation>>): Database {
    const database = openDatabase(location);
    cleanups.push(() => database.close());
    return database;
  }
  const fixture = (files: Record<string, string>) => loadMigrations(target.dialect, migrationsDir(files));
  const tables = async (database: Database) => (await database.db.introspection.getTables()).map((t) => t.name).sort();
  const recorded = async (database: Database) =>
    (await sql<{ id: string }>`SELECT id FROM schema_migrations ORDER BY id`.execute(database.db)).rows.map(
      (r) => r.id,
    );

  it("applies pending migrations once and records them", async () => {
    const database = open(await freshLocation());
    const migrations = fixture({
      "001_a.sql": "CREATE TABLE alpha (id TEXT PRIMARY KEY);",
      "002_b.sql": "CREATE TABLE beta (id TEXT PRIMARY KEY);\nCREATE INDEX beta_id ON beta (id);",
    });
    expect(await migrate(database, migrations, { lockTimeoutMs: 5_000 })).toEqual(["001_a", "002_b"]);
    expect(await migrate(database, migrations, { lockTimeoutMs: 5_000 })).toEqual([]);
    expect(await tables(database)).toEqual(["alpha", "beta", "schema_migrations"]);
    expect(await recorded(database)).toEqual(["001_a", "002_b"]);
  });

  it("applies only what was added since the last start", async () => {
    const database = open(await freshLocation());
    const first = fixture({ "001_a.sql": "CREATE TABLE alpha (id TEXT);" });
    await migrate(database, first, { lockTimeoutMs: 5_000 });
    const later = [...first, ...fixture({ "002_b.sql": "CREATE TABLE beta (id TEXT);" })];
    expect(await migrate(database, later, { lockTimeoutMs: 5_000 })).toEqual(["002_b"]);
  });

  it("rolls back the whole run when one migration fails", async () => {
    const database = open(await freshLocation());
    const migrations = fixture({
      "001_a.sql": "CREATE TABLE alpha (id TEXT);",
      "002_b.sql": "CREATE TABLE beta (id TEXT); THIS IS NOT SQL;",
    });
    await expect(migrate(database, migrations, { lockTimeoutMs: 5_000 })).rejects.toThrow(/Migration 002_b failed/);
    expect(await tables(database)).toEqual([]);
  });

  it("refuses a migration edited after it was applied", async () => {
    const database = open(await freshLocation());
    await migrate(database, fixture({ "001_a.sql": "CREATE TABLE alpha (id TEXT);" }), { lockTimeoutMs: 5_000 });
    const edited = fixture({ "001_a.sql": "CREATE TABLE alpha (id TEXT, extra TEXT);" });
    await expect(migrate(database, edited, { lockTimeoutMs: 5_000 })).rejects.toThrow(
      /Migration 001_a was changed after it was applied/,
    );
  });

  it("refuses to run an older version against a newer database", async () => {
    const database = open(await freshLocation());
    const newer = fixture({ "001_a.sql": "CREATE TABLE alpha (id TEXT);", "002_b.sql": "CREATE TABLE b (id TEXT);" });
    await migrate(database, newer, { lockTimeoutMs: 5_000 });
    await expect(migrate(database, newer.slice(0, 1), { lockTimeoutMs: 5_000 })).rejects.toThrow(MigrationError);
    await expect(migrate(database, newer.slice(0, 1), { lockTimeoutMs: 5_000 })).rejects.toThrow(
      /has migration 002_b, which this version of Gemwire does not know/,
    );
  });

  it("gives up clearly when another process holds the migration lock too long", async () => {
    const location = await freshLocation();
    const holder = open(location);
    const waiter = open(location);
    const migrations: Migration[] = fixture({ "001_a.sql": "CREATE TABLE alpha (id TEXT);" });
    const lock = await holdMigrationLock(holder);
    try {
      await expect(migrate(waiter, migrations, { lockTimeoutMs: 200 })).rejects.toThrow(MigrationLockTimeout);
    } finally {
      lock.release();
      await lock.released;
    }
    expect(await migrate(waiter, migrations, { lockTimeoutMs: 5_000 })).toEqual(["001_a"]);
  });
});
