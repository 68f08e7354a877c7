/**
 * Fault: kill -9 of the server, on SQLite and on PostgreSQL. The built app runs as a child
 * process reading feeds and prices from local servers. Each round kills it twice:
 *  1. mid-refresh and during a burst — one feed drips its answer so its refresh is in
 *     flight, while members vote, favorite, comment and stake — at a random moment;
 *  2. mid-resolution — the stakes are made due and the process restarted; once it has
 *     resolved some but not all, it is killed in the same instant.
 * After the last kill it starts once more on the same data: the database opens, every
 * acknowledged write is there, the bank holds, the interrupted resolution completes with
 * each prediction paid once, and the killed process's leases are taken over at once (not
 * after they would have run out): the dripping feeds refresh again, the resolver resumes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS } from "../../server/jobs/prediction-resolver.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { adminSignIn, call, joinThroughInvite } from "../../test-kit/http-client.ts";
import { ensureBuilt, type ServerProcess, startFlags, startServer } from "../../test-kit/server-process.ts";
import { until } from "../../test-kit/until.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { type LoadMember, loadMember, startMemberLoad } from "../member-load.ts";
import { injected } from "../tally.ts";
import {
  DRIPPING,
  ENTRY_USD,
  EXIT_USD,
  feedOf,
  feedPath,
  kill,
  killAfterResolved,
  type LeftLease,
  type Location,
  leasesOf,
  MEMBERS,
  pidOf,
  ROUNDS,
  ready,
  resolvedCount,
  STAKES_PER_ROUND,
  startInUnclaimedPeriod,
  startSources,
} from "./kill-9-fixtures.ts";

describe.each(testDatabaseTargets())("Fault: kill -9 of the server on $dialect", (target) => {
  const random = Math.random;
  let dataDir: string;
  let created: Awaited<ReturnType<typeof target.create>>;
  let location: Location;
  let sources: Awaited<ReturnType<typeof startSources>>;
  let database: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-kill-"));
    created = await target.create();
    location =
      created.location.dialect === "sqlite"
        ? { dialect: "sqlite", file: path.join(dataDir, "gemwire.db") }
        : created.location;
    sources = await startSources(dataDir, location);
  });

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await database?.close();
    await sources?.feeds.close();
    await sources?.prices.close();
    await created?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServer(dataDir, startFlags(), sources.env);
    servers.push(server);
    return server;
  };

  it("kill -9 mid-refresh, during a burst of writes and mid-resolution: restarted, it keeps every acknowledged write and resumes its jobs", async ({
    task,
  }) => {
    const { routes, quotes, feeds, prices } = sources;
    const acks = acknowledgedWrites();
    const members: LoadMember[] = [];
    const stakes: string[] = [];
    /** Leases the killed processes left, by job: what the last start must take over. */
    const left = new Map<string, LeftLease>();

    for (let round = 0; round < ROUNDS; round++) {
      const dripping = DRIPPING[round] as string;
      routes[feedPath(dripping)] = { ...feedOf(dripping), dripMs: 120_000 };
      quotes.bitcoin.usd = ENTRY_USD;

      // 1. Mid-refresh, during a burst.
      const server = await start();
      const links = await ready(server);
      database ??= openDatabase(location);
      if (members.length === 0) {
        const admin = await adminSignIn(server.origin, "bench admin password");
        for (let i = 0; i < MEMBERS; i++) {
          members.push(loadMember(await joinThroughInvite(server.origin, admin, `killed_${i}`, "fault test password")));
        }
      }
      const load = startMemberLoad({
        origin: server.origin,
        members,
        links,
        acks,
        pauseMs: 10,
        budget: { writes: 80, stakes: STAKES_PER_ROUND / MEMBERS + 8 },
      });
      const burst = 20 + Math.floor(random() * 40);
      const staked = stakes.length;
      await until("a burst of acknowledged writes and the dripping feed in flight", async () =>
        load.report.acknowledged >= burst &&
        load.report.predictions.length >= STAKES_PER_ROUND &&
        feeds.inFlight(feedPath(dripping)) > 0
          ? true
          : undefined,
      );
      const inFlight = { writes: load.inFlight(), refresh: feeds.inFlight(feedPath(dripping)) };
      await kill(server);
      injected(task, 1);
      const report = await load.stop();
      stakes.push(...report.predictions);
      expect(inFlight.refresh, "the feed's refresh was in flight at the kill").toBeGreaterThan(0);
      expect(report.refused, "the burst went on until the kill").toBeGreaterThan(0);
      expect(report.unexpected).toEqual([]);
      expect(stakes.length).toBeGreaterThan(staked);
      const feedLease = (await leasesOf(database, server)).find((row) => row.name === `feed:${dripping}`);
      expect(feedLease, "the killed process held the dripping feed's lease").toBeDefined();
      left.set(`feed:${dripping}`, feedLease as LeftLease);
      routes[feedPath(dripping)] = feedOf(dripping);

      // 2. Mid-resolution: every stake is due now, at a price half of them win at.
      const past = await resolvedCount(database);
      const due = Number(
        (
          await database.db
            .updateTable("user_predictions")
            .set({ ends_at: Date.now() - 1_000 })
            .where("status", "=", "active")
            .executeTakeFirst()
        ).numUpdatedRows,
      );
      expect(due).toBeGreaterThanOrEqual(STAKES_PER_ROUND);
      quotes.bitcoin.usd = EXIT_USD;
      // A pass resolves in milliseconds once it has its prices: they are held until the pass
      // is seen to begin, so the wait for it can look only now and then.
      prices.state.mode = "held";
      const resolving = await startInUnclaimedPeriod(database, start);
      const resolved = await killAfterResolved(
        { database, location, prices },
        past + Math.floor((random() * due) / 4),
        resolving,
      ).finally(prices.release);
      injected(task, 1);
      expect(resolved - past, "some but not all were resolved at the kill").toBeGreaterThan(0);
      expect(resolved - past).toBeLessThan(due);
      const resolverLease = (await leasesOf(database, resolving)).find((row) => row.name === "prediction-resolver");
      expect(resolverLease, "the killed process held the resolver's lease").toBeDefined();
      left.set("prediction-resolver", resolverLease as LeftLease);
    }

    // The last start on the same data.
    const server = await start();
    await ready(server);
    await until(
      "every due prediction resolved",
      async () =>
        (await resolvedCount(database)) ===
        (await database.db.selectFrom("user_predictions").select("id").execute()).length
          ? true
          : undefined,
      2 * RESOLVE_EVERY_MS + 10_000,
    );
    // The resolver's lease is the new process's, taken while the killed one's would still have run.
    const runs = await database.db.selectFrom("job_runs").selectAll().execute();
    const killedResolver = left.get("prediction-resolver") as LeftLease;
    const lease = await database.db
      .selectFrom("job_leases")
      .select("holder")
      .where("name", "=", "prediction-resolver")
      .executeTakeFirstOrThrow();
    expect(pidOf(lease.holder)).toBe(server.pid);
    const resumed = runs.filter((run) => run.job === "prediction-resolver" && pidOf(run.holder) === server.pid);
    expect(resumed.some((run) => run.outcome === "ok" && run.started_at < killedResolver.expires_at)).toBe(true);
    // The killed pass stays unfinished in its period, or was taken over when the new process began in the same one.
    expect(
      runs.some(
        (run) =>
          run.job === "prediction-resolver" &&
          ((run.holder === killedResolver.holder && run.finished_at === null) ||
            run.taken_over_from === killedResolver.holder),
      ),
    ).toBe(true);
    // Each dripping feed was read again, by a later process, long before its killed lease ran
    // out: by a restart in a later round, or by this last one's start-up pass (waited for).
    for (const key of DRIPPING) {
      const killedLease = left.get(`feed:${key}`) as LeftLease;
      const refreshed = await until(
        `${key} refreshed again by a later process`,
        async () => {
          const feedRuns = await database.db
            .selectFrom("job_runs")
            .select(["holder", "started_at"])
            .where("job", "=", "feed-refresh")
            .where("period", "like", `${key}@%`)
            .where("outcome", "=", "updated")
            .where("holder", "<>", killedLease.holder)
            .execute();
          return feedRuns.length > 0 ? feedRuns : undefined;
        },
        Math.max(1_000, killedLease.expires_at - Date.now()),
      );
      expect(
        refreshed.some((run) => run.started_at < killedLease.expires_at),
        `${key} refreshed again`,
      ).toBe(true);
    }
    const status = await call(server.origin, "/api/feeds");
    const byKey = new Map(
      (
        status.body as { feeds: Array<{ key: string; lastUpdated: string | null; lastError: string | null }> }
      ).feeds.map((feed) => [feed.key, feed]),
    );
    for (const key of DRIPPING) {
      expect(byKey.get(key), key).toMatchObject({ lastUpdated: expect.any(String), lastError: null });
    }

    await expectNothingLost(task, database, acks);
    const stored = new Set(
      (await database.db.selectFrom("user_predictions").select("id").execute()).map((row) => row.id),
    );
    expect(
      stakes.filter((id) => !stored.has(id)),
      "acknowledged stakes missing",
    ).toEqual([]);
    await expectBankHolds(task, database);
    const payouts = await database.db
      .selectFrom("gems_ledger")
      .select("reference")
      .where("kind", "=", "payout")
      .execute();
    expect(new Set(payouts.map((row) => row.reference)).size, "each win paid once").toBe(payouts.length);
    expect(payouts.length, "some stakes won").toBeGreaterThan(0);
    await server.stop();
  });
});
