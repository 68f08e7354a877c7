import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { endedPid, runningProcess } from "../../test/processes.ts";
import { holderOf, processHolder } from "./holder.ts";
import { claimRun, finishRun, JOB_RUNS_KEEP_MS, type PeriodRun, periodOf, runOncePerPeriod } from "./job-runs.ts";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

describe.each(testDatabaseTargets())("job runs on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
  });
  afterAll(async () => handle.dispose());

  const runOf = (job: string, holder: string, period = "p1"): PeriodRun => ({
    job,
    period,
    periodStart: T0,
    holder,
    staleAfterMs: 60_000,
  });
  const row = (job: string, period = "p1") =>
    handle.database.db
      .selectFrom("job_runs")
      .selectAll()
      .where("job", "=", job)
      .where("period", "=", period)
      .executeTakeFirstOrThrow();

  it("names a period by its start", () => {
    expect(periodOf("prices", T0 + 59_999, { everyMs: 60_000, holder: "a", staleAfterMs: 90_000 })).toEqual({
      job: "prices",
      period: String(T0),
      periodStart: T0,
      holder: "a",
      staleAfterMs: 90_000,
    });
  });

  it("runs a period once: a second holder, or the same one again, is refused once it finished", async () => {
    let runs = 0;
    const work = async () => ++runs;
    const first = await runOncePerPeriod(handle.database, runOf("once", "a"), work, { now: () => T0 + 5 });
    expect(first).toEqual({ ran: true, value: 1 });
    expect(await runOncePerPeriod(handle.database, runOf("once", "b"), work)).toEqual({ ran: false });
    expect(await runOncePerPeriod(handle.database, runOf("once", "a"), work)).toEqual({ ran: false });
    expect(runs).toBe(1);
    expect(await row("once")).toMatchObject({
      holder: "a",
      attempts: 1,
      taken_over_from: null,
      started_at: T0 + 5,
      finished_at: T0 + 5,
      outcome: "ok",
      detail: null,
    });
    // Another period of the same job runs.
    expect(await runOncePerPeriod(handle.database, runOf("once", "b", "p2"), work)).toEqual({ ran: true, value: 2 });
  });

  it("grants a contested period to exactly one of many processes", async () => {
    const others = Array.from({ length: 4 }, () => openDatabase(handle.location));
    try {
      const claims = await Promise.all(
        [handle.database, ...others].map((db, i) => claimRun(db, runOf("race", `process-${i}`), T0)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });

  it("records a failure with its message, the error still reaches the caller, and the period is tried again after the lease time", async () => {
    const failing = runOncePerPeriod(
      handle.database,
      runOf("failing", "a"),
      async () => {
        throw new Error(`price API down ${"x".repeat(1_000)}`);
      },
      { now: () => T0 },
    );
    await expect(failing).rejects.toThrow(/^price API down/);
    const failed = await row("failing");
    expect(failed).toMatchObject({ outcome: "failed", holder: "a" });
    expect(failed.detail).toMatch(/^price API down x+$/);
    expect(failed.detail).toHaveLength(500);
    expect(failed.finished_at).not.toBeNull();
    // Nor is it run again at once, by this holder or another…
    expect(await claimRun(handle.database, runOf("failing", "b"), T0 + 59_999)).toBe(false);
    // …but once the lease time has passed it is: a period named by state the failed run
    // should have moved on (a feed's due time) would otherwise never run again.
    expect(await claimRun(handle.database, runOf("failing", "b"), T0 + 60_000)).toBe(true);
    expect(await row("failing")).toMatchObject({ holder: "b", attempts: 2, taken_over_from: "a", outcome: null });
  });

  it("lets the next holder take over a period whose holder died before finishing, and ignores its late finish", async () => {
    expect(await claimRun(handle.database, runOf("crash", "dead"), T0)).toBe(true);
    // Until the lease time has passed, the period is being run.
    expect(await claimRun(handle.database, runOf("crash", "next"), T0 + 59_999)).toBe(false);
    const taken = await runOncePerPeriod(handle.database, runOf("crash", "next"), async () => "done", {
      now: () => T0 + 60_000,
      outcomeOf: (value) => ({ outcome: value }),
    });
    expect(taken).toEqual({ ran: true, value: "done" });
    await finishRun(handle.database, runOf("crash", "dead"), { outcome: "failed", now: T0 + 100_000 });
    expect(await row("crash")).toMatchObject({
      holder: "next",
      attempts: 2,
      taken_over_from: "dead",
      started_at: T0 + 60_000,
      finished_at: T0 + 60_000,
      outcome: "done",
    });
  });

  it("takes over at once a period left unfinished by a process of this machine that is gone; a live one's is waited out", async () => {
    const db = handle.database;
    const live = runningProcess();
    const killed = holderOf(await endedPid());
    try {
      expect(await claimRun(db, runOf("gone", killed), T0)).toBe(true);
      expect(await claimRun(db, runOf("gone", processHolder), T0 + 1)).toBe(true);
      expect(await row("gone")).toMatchObject({ holder: processHolder, taken_over_from: killed, attempts: 2 });
      // A finished period stays finished, whoever ran it.
      await finishRun(db, runOf("done", killed), { outcome: "ok", now: T0 });
      expect(await claimRun(db, runOf("done", killed), T0)).toBe(true);
      await finishRun(db, runOf("done", killed), { outcome: "ok", now: T0 + 1 });
      expect(await claimRun(db, runOf("done", processHolder), T0 + 2)).toBe(false);
      expect(await claimRun(db, runOf("alive", holderOf(live.pid)), T0)).toBe(true);
      expect(await claimRun(db, runOf("alive", processHolder), T0 + 1)).toBe(false);
    } finally {
      live.stop();
    }
  });

  it("leaves a period a shutdown cut short to the next holder", async () => {
    const aborted = runOncePerPeriod(handle.database, runOf("aborted", "a"), async () => {
      throw new DOMException("This operation was aborted", "AbortError");
    });
    await expect(aborted).rejects.toThrow(/aborted/);
    expect(await row("aborted")).toMatchObject({ outcome: "abandoned", holder: "a" });
    expect(await runOncePerPeriod(handle.database, runOf("aborted", "a"), async () => 1)).toEqual({
      ran: true,
      value: 1,
    });
    expect(await row("aborted")).toMatchObject({ outcome: "ok", attempts: 2 });
  });

  it("keeps runs for 7 days: the maintenance job drops older ones", async () => {
    const { runMaintenance } = await import("../../jobs/maintenance.ts");
    const now = T0 + 30 * 86_400_000;
    await claimRun(handle.database, { ...runOf("old", "a", "old"), periodStart: 0 }, now - JOB_RUNS_KEEP_MS - 1);
    await claimRun(handle.database, runOf("old", "a", "recent"), now - JOB_RUNS_KEEP_MS + 60_000);
    const log = { info: () => {}, error: () => {} } as never;
    await runMaintenance(
      { database: handle.database, dataDir: "/nonexistent", accountPurgeMs: 86_400_000, holder: "m", log },
      now,
    );
    const left = await handle.database.db.selectFrom("job_runs").select("period").where("job", "=", "old").execute();
    expect(left.map((r) => r.period)).toEqual(["recent"]);
  });
});
