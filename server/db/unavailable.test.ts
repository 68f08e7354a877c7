import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase, sqliteTarget } from "../test/databases.ts";
import { freePort } from "../test/free-port.ts";
import { openPostgres } from "./postgres.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );

describe("isDatabaseUnavailable", () => {
  it("recognises a PostgreSQL server that refuses connections", async () => {
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const error = await failure(client.connect());
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("leaves a wrong query, a constraint and plain errors alone", async () => {
    const handle = await openTestDatabase(sqliteTarget);
    try {
      expect(isDatabaseUnavailable(await failure(sql`SELECT * FROM no_such_table`.execute(handle.database.db)))).toBe(
        false,
      );
      expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
      expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    } finally {
      await handle.dispose();
    }
  });

  const postgres = process.env.TEST_DATABASE_URL;
  describe.each(postgres ? [postgres] : [])("on the test PostgreSQL server", (url) => {
    const clients: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      await client.connect();
      clients.push(client);
      return client;
    };
    afterAll(async () => {
      for (const client of clients) await client.end().catch(() => {});
    });

    it("recognises a connection the server terminates (57P01) and the client left unusable", async () => {
      const victim = await connect();
      const admin = await connect();
      const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const running = failure(victim.query("SELECT pg_sleep(5)"));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
      const terminated = await running;
      expect((terminated as { code?: string }).code).toBe("57P01");
      expect(isDatabaseUnavailable(terminated)).toBe(true);
      const afterwards = await failure(victim.query("SELECT 1"));
      expect(isDatabaseUnavailable(afterwards), String(afterwards)).toBe(true);
    });

    it("survives a connection cut inside a transaction: the transaction fails as unavailable, the pool goes on", async () => {
      const database = openPostgres(url);
      const admin = await connect();
      try {
        const failed = await failure(
          database.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
            // Cut between two statements: no query is under way to take the error, so the
            // client itself emits it (an unhandled 'error' event would end this process).
            await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
            await new Promise((resolve) => setTimeout(resolve, 200));
            await sql`SELECT 1`.execute(trx);
          }),
        );
        expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
        const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    });

    it("leaves a wrong query alone", async () => {
      const client = await connect();
      const error = await failure(client.query("SELECT * FROM no_such_table"));
      expect((error as { code?: string }).code).toBe("42P01");
      expect(isDatabaseUnavailable(error)).toBe(false);
    });
  });
});
