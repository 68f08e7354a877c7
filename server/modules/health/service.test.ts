import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import type { Schema } from "../../db/schema.ts";
import { checkHealth } from "./service.ts";

/** A database whose connection attempt never finishes, like a server that stopped answering. */
function unresponsiveDatabase(): Database {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: () => new Promise(() => {}) }) });
  return {
    dialect: "sqlite",
    db,
    description: "an unresponsive database",
    withMigrationLock: () => Promise.reject(new Error("unused")),
    changeStamp: () => null,
    close: async () => {},
  };
}

describe("checkHealth", () => {
  it("reports the database as down when it does not answer in time", async () => {
    const started = Date.now();
    expect(await checkHealth(unresponsiveDatabase(), "1.2.3", 100)).toEqual({
      status: "error",
      db: "error",
      version: "1.2.3",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
