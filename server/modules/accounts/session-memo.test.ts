import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import type { Database } from "../../db/database.ts";
import { closeSession, openSession, readSession, SESSION_TRUST_MS } from "../../lib/sessions/sessions.ts";
import { counting } from "../../test/counting.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";

describe.each(testDatabaseTargets())("reading a session again on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let other: Database;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
    other = openDatabase(handle.location);
  });
  afterAll(async () => {
    await other.close();
    await handle.dispose();
  });

  it("costs no query on SQLite while nothing was written, and sees a sign-out by another process at once", async () => {
    const now = Date.now();
    const id = await openSession(handle.database, { admin: true }, now);
    const { database, counter } = counting(handle.database);
    expect(await readSession(database, id, now + 1)).toEqual({ admin: true, member: null });
    counter.uses = 0;
    expect(await readSession(database, id, now + 2)).toEqual({ admin: true, member: null });
    expect(counter.uses).toBe(target.dialect === "sqlite" ? 0 : 1);
    // Read again once the trust has run out, write or not.
    counter.uses = 0;
    await readSession(database, id, now + 2 + SESSION_TRUST_MS);
    expect(counter.uses).toBeGreaterThan(0);
    // Signed out through another connection (another process): the very next read knows.
    await closeSession(other, id);
    expect(await readSession(database, id, now + 3 + SESSION_TRUST_MS)).toBeNull();
  });

  it("never answers for another session", async () => {
    const now = Date.now();
    const first = await openSession(handle.database, { admin: true }, now);
    expect(await readSession(handle.database, first, now)).not.toBeNull();
    expect(await readSession(handle.database, "A".repeat(22), now)).toBeNull();
  });
});
