import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { upsertArticles } from "../modules/articles/repository.ts";
import { insertSnapshots } from "../modules/market/repository.ts";
import {
  openTestDatabase,
  type TestDatabaseHandle,
  type TestDatabaseTarget,
  testDatabaseTargets,
} from "../test/databases.ts";
import { testItem } from "../test/items.ts";
import { readDataVersions, versionOf } from "./data-versions.ts";

const TABLES = ["articles", "price_snapshots"] as const;

/** A database with an article and a price, opened before and disposed after the tests of a describe. */
function seededDatabase(target: TestDatabaseTarget) {
  let handle: TestDatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
    await upsertArticles(handle.database, "bitcoin", [testItem("a", 1, Date.now())], Date.now());
    await insertSnapshots(handle.database, 60_000, [{ symbol: "BTC", usd: 1 }]);
  });
  afterAll(() => handle?.dispose());
  const database = () => handle?.database as Database;
  return { database, version: async () => versionOf(await readDataVersions(database()), TABLES) };
}

describe.each(testDatabaseTargets())("data versions on $dialect", (target) => {
  const { database: db, version } = seededDatabase(target);

  it("move with a write to a table answers are built from, and stand still otherwise", async () => {
    const before = await version();
    expect(await version()).toBe(before);
    await sql`UPDATE job_leases SET holder = holder`.execute(db().db);
    expect(await version()).toBe(before);
    await sql`UPDATE articles SET title = title || '!'`.execute(db().db);
    expect(await version()).not.toBe(before);
  });
});

/*
 * Several connections writing at once: PostgreSQL only (a SQLite database has one writer,
 * and its connection in a test process cannot look into another's open transaction).
 */
describe.each(testDatabaseTargets().filter((target) => target.dialect === "postgres"))(
  "data versions with concurrent writers on $dialect",
  (target) => {
    const { database: db, version } = seededDatabase(target);
    it("move when the write commits, not before, and once however many statements it ran", async () => {
      const before = await version();
      let during = "";
      await db()
        .db.transaction()
        .execute(async (trx) => {
          await sql`UPDATE articles SET title = title || '?'`.execute(trx);
          await sql`UPDATE price_snapshots SET usd = usd + 1`.execute(trx);
          during = await version(); // read through another connection of the pool
        });
      expect(during).toBe(before);
      expect(Number(await version())).toBe(Number(before) + 1);
    });

    it("never make writers of different rows of two tables, in opposite orders, wait for each other or deadlock", async () => {
      const now = Date.now();
      await upsertArticles(
        db(),
        "news",
        [0, 1, 2, 3, 4, 5].map((i) => testItem(`w${i}`, i, now)),
        now,
      );
      await insertSnapshots(
        db(),
        120_000,
        [0, 1, 2, 3, 4, 5].map((i) => ({ symbol: `W${i}`, usd: i })),
      );
      const before = Number(await version());
      // Each writer touches only its own rows: nothing but a shared version row could make them wait.
      const article = (i: number) => sql`UPDATE articles SET title = title || '.' WHERE link LIKE ${`%w${i}%`}`;
      const snapshot = (i: number) => sql`UPDATE price_snapshots SET usd = usd + 1 WHERE symbol = ${`W${i}`}`;
      const writer = (i: number) =>
        db()
          .db.transaction()
          .execute(async (trx) => {
            const [first, second] = i % 2 === 0 ? [article(i), snapshot(i)] : [snapshot(i), article(i)];
            await first.execute(trx);
            await sql`SELECT pg_sleep(0.1)`.execute(trx);
            await second.execute(trx);
          });
      await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
      expect(Number(await version())).toBe(before + 6);
    });
  },
);
