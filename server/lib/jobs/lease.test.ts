import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { endedPid, runningProcess } from "../../test/processes.ts";
import { holderOf, processHolder } from "./holder.ts";
import { acquireLease, releaseLease } from "./lease.ts";

describe.each(testDatabaseTargets())("job leases on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
  });
  afterAll(async () => handle.dispose());

  const lease = (holder: string, now: number, name = "feeds") => ({ name, holder, ttlMs: 1_000, now });

  it("lets one holder at a time run a job until its lease expires", async () => {
    const db = handle.database;
    expect(await acquireLease(db, lease("process-a", 10_000))).toBe(true);
    expect(await acquireLease(db, lease("process-b", 10_500))).toBe(false);
    expect(await acquireLease(db, lease("process-a", 10_900))).toBe(true); // renewal, now until 11_900
    expect(await acquireLease(db, lease("process-b", 11_500))).toBe(false);
    expect(await acquireLease(db, lease("process-b", 11_900))).toBe(true); // expired: taken over
    expect(await acquireLease(db, lease("process-a", 12_000))).toBe(false);
  });

  it("takes a lease left by a process of this machine that is gone at once; a live one's is waited out", async () => {
    const db = handle.database;
    const live = runningProcess();
    const liveHolder = holderOf(live.pid);
    try {
      expect(await acquireLease(db, lease(holderOf(await endedPid()), 40_000, "killed"))).toBe(true);
      expect(await acquireLease(db, lease(processHolder, 40_100, "killed"))).toBe(true);
      expect(await acquireLease(db, lease(liveHolder, 40_000, "running"))).toBe(true);
      expect(await acquireLease(db, lease(processHolder, 40_100, "running"))).toBe(false);
      const leases = await db.db.selectFrom("job_leases").select(["name", "holder", "expires_at"]).execute();
      expect(leases.find((row) => row.name === "killed")).toEqual({
        name: "killed",
        holder: processHolder,
        expires_at: 41_100,
      });
      expect(leases.find((row) => row.name === "running")?.holder).toBe(liveHolder);
    } finally {
      live.stop();
    }
  });

  it("keeps leases of different jobs apart and frees one on release", async () => {
    const db = handle.database;
    expect(await acquireLease(db, lease("process-a", 20_000, "trends"))).toBe(true);
    expect(await acquireLease(db, lease("process-b", 20_000, "prices"))).toBe(true);
    await releaseLease(db, { name: "trends", holder: "process-b" }); // not the holder: no effect
    expect(await acquireLease(db, lease("process-b", 20_100, "trends"))).toBe(false);
    await releaseLease(db, { name: "trends", holder: "process-a" });
    expect(await acquireLease(db, lease("process-b", 20_100, "trends"))).toBe(true);
  });

  it("grants a contested free lease to exactly one of many processes", async () => {
    // Each caller has its own connection, as separate processes would.
    const others = Array.from({ length: 4 }, () => openDatabase(handle.location));
    try {
      const results = await Promise.all(
        [handle.database, ...others].map((db, i) => acquireLease(db, lease(`process-${i}`, 30_000, "race"))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });
});
