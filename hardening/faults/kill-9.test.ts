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
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSignIn, call, joinThroughInvite } from "../../bench/cluster-http.ts";
import { ensureBuilt, type ServerProcess, sleep, startFlags, startServer } from "../../bench/server-process.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS } from "../../server/jobs/prediction-resolver.ts";
import { feedCatalog } from "../../server/modules/feeds/catalog.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { startFakePriceApi } from "../../server/test/fake-price-api.ts";
import { type FeedRoute, rss, startFeedServer } from "../../server/test/feed-server.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { articleLinks, type LoadMember, loadMember, startMemberLoad } from "../member-load.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";
import { until } from "../until.ts";

/** Rounds of two kills each (mid-refresh during a burst, then mid-resolution). */
const ROUNDS = scale(1, 3);
const MEMBERS = 4;
/** Stakes placed in each burst, at least: enough that a resolution pass takes a while to get through. */
const STAKES_PER_ROUND = 48;
/** Feeds that drip, one per round (each answers 500 until its round, and normally after). */
const DRIPPING = ["news", "market", "search", "xfeed"].slice(0, ROUNDS);
const ENTRY_USD = 100;
/** An exit price at which "up 1 %" wins and "down 1 %" loses. */
const EXIT_USD = 101.5;

const pidOf = (holder: string) => Number(holder.split(":").at(-2));
const feedPath = (key: string) => `/feeds/${key}`;
const feedOf = (key: string): FeedRoute =>
  rss(
    `${key} feed`,
    Array.from({ length: 12 }, (_, i) => ({
      id: `${key}-${i}`,
      title: `${key} story ${i}`,
      link: `https://${key}.example/story-${i}`,
    })),
  );

describe.each(testDatabaseTargets())("Fault: kill -9 of the server on $dialect", (target) => {
  const random = Math.random;
  let dataDir: string;
  let created: Awaited<ReturnType<typeof target.create>>;
  let location: Parameters<typeof openDatabase>[0];
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let prices: Awaited<ReturnType<typeof startFakePriceApi>>;
  const quotes = { bitcoin: { usd: ENTRY_USD } };
  const routes: Record<string, FeedRoute> = {};
  let env: Record<string, string>;
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
    for (const feed of feedCatalog) if (feed.url !== null) routes[feedPath(feed.key)] = feedOf(feed.key);
    for (const key of DRIPPING) routes[feedPath(key)] = { type: "text/plain", body: "down", status: 500 };
    feeds = await startFeedServer(routes);
    prices = await startFakePriceApi(quotes);
    const sourcesFile = path.join(dataDir, "sources.json");
    fs.writeFileSync(
      sourcesFile,
      JSON.stringify({
        feeds: Object.fromEntries(Object.keys(routes).map((at) => [at.slice(7), `${feeds.base}${at}`])),
      }),
    );
    env = {
      SAMPLE_MODE: "0",
      SOURCES_FILE: sourcesFile,
      PRICE_API_URL: prices.baseUrl,
      TRENDS_URL: `${feeds.base}/trends`,
      ALLOW_PRIVATE_SOURCES: "1",
      LOG_LEVEL: "fatal",
      ...(location.dialect === "postgres" ? { DATABASE_URL: location.url } : {}),
    };
  });

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await database?.close();
    await feeds?.close();
    await prices?.close();
    await created?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServer(dataDir, startFlags(), env);
    servers.push(server);
    return server;
  };
  /** Up, on its database, with the article feed read. */
  const ready = (server: ServerProcess) =>
    until("the server to answer with articles", async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode})`);
      const health = await call(server.origin, "/api/health").catch(() => undefined);
      if (health?.status !== 200) return undefined;
      const links = await articleLinks(server.origin, "bitcoin");
      return links.length > 0 ? links : undefined;
    });
  const kill = async (server: ServerProcess) => {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGKILL");
    await exited;
  };
  const leasesOf = async (server: ServerProcess) =>
    (await database.db.selectFrom("job_leases").selectAll().execute()).filter(
      (row) => pidOf(row.holder) === server.pid,
    );
  const resolvedCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("user_predictions")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("status", "<>", "active")
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * A process resolves at once when it starts, unless this 10-second period's pass was
   * already claimed (by a process killed since): then it would wait for its next tick, and a
   * pass found by that tick resolves from cached prices in an instant. So the resolving
   * process starts in a period nobody claimed: this one, or the next (no killed process can
   * claim it). The wait is at most one period.
   */
  async function startInUnclaimedPeriod() {
    const period = Math.floor(Date.now() / RESOLVE_EVERY_MS) * RESOLVE_EVERY_MS;
    const claimed = await database.db
      .selectFrom("job_runs")
      .select("period")
      .where("job", "=", "prediction-resolver")
      .where("period_start", "=", period)
      .executeTakeFirst();
    if (claimed) await sleep(period + RESOLVE_EVERY_MS - Date.now() + 50);
    return start();
  }

  /**
   * Waits until more than `past` predictions are resolved and kills the resolving process in
   * the same turn of the event loop; answers how many were resolved once it is dead (nothing
   * can move that count any more). The resolver claims one pass per 10-second period,
   * whichever process: the wait allows two periods and a margin. Prices are held (see the
   * caller) until this process's pass is claimed, so it cannot write before this looks closely.
   */
  async function killAfterResolved(past: number, resolver: ServerProcess): Promise<number> {
    const deadline = Date.now() + 2 * RESOLVE_EVERY_MS + 10_000;
    await until(
      "the resolver's pass to begin",
      async () =>
        (
          await database.db
            .selectFrom("job_runs")
            .select("holder")
            .where("job", "=", "prediction-resolver")
            .where("finished_at", "is", null)
            .execute()
        ).some((run) => pidOf(run.holder) === resolver.pid) || undefined,
      deadline - Date.now(),
    );
    const exited = new Promise((resolve) => resolver.child.once("exit", resolve));
    if (location.dialect === "sqlite") {
      const raw = new BetterSqlite3(location.file, { readonly: true });
      try {
        const count = raw.prepare("SELECT count(*) AS n FROM user_predictions WHERE status <> 'active'");
        prices.release();
        // SQLite resolves a pass in milliseconds: only during it, read on every turn of the
        // event loop (the local price API in this process must still answer), and kill in the
        // same tick as the read.
        while ((count.get() as { n: number }).n <= past) {
          if (Date.now() > deadline) throw new Error("no prediction was resolved");
          await new Promise((resolve) => setImmediate(resolve));
        }
        resolver.child.kill("SIGKILL");
      } finally {
        raw.close();
      }
    } else {
      prices.release();
      // A query every millisecond or two: PostgreSQL's pass takes longer than SQLite's.
      while ((await resolvedCount()) <= past) {
        if (Date.now() > deadline) throw new Error("no prediction was resolved");
        await sleep(1);
      }
      resolver.child.kill("SIGKILL");
    }
    await exited;
    return resolvedCount();
  }

  it("kill -9 mid-refresh, during a burst of writes and mid-resolution: restarted, it keeps every acknowledged write and resumes its jobs", async ({
    task,
  }) => {
    const acks = acknowledgedWrites();
    const members: LoadMember[] = [];
    const stakes: string[] = [];
    /** Leases the killed processes left, by job: what the last start must take over. */
    const left = new Map<string, { holder: string; expires_at: number }>();

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
      const feedLease = (await leasesOf(server)).find((row) => row.name === `feed:${dripping}`);
      expect(feedLease, "the killed process held the dripping feed's lease").toBeDefined();
      left.set(`feed:${dripping}`, feedLease as { holder: string; expires_at: number });
      routes[feedPath(dripping)] = feedOf(dripping);

      // 2. Mid-resolution: every stake is due now, at a price half of them win at.
      const past = await resolvedCount();
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
      const resolving = await startInUnclaimedPeriod();
      const resolved = await killAfterResolved(past + Math.floor((random() * due) / 4), resolving).finally(
        prices.release,
      );
      injected(task, 1);
      expect(resolved - past, "some but not all were resolved at the kill").toBeGreaterThan(0);
      expect(resolved - past).toBeLessThan(due);
      const resolverLease = (await leasesOf(resolving)).find((row) => row.name === "prediction-resolver");
      expect(resolverLease, "the killed process held the resolver's lease").toBeDefined();
      left.set("prediction-resolver", resolverLease as { holder: string; expires_at: number });
    }

    // The last start on the same data.
    const server = await start();
    await ready(server);
    await until(
      "every due prediction resolved",
      async () =>
        (await resolvedCount()) === (await database.db.selectFrom("user_predictions").select("id").execute()).length
          ? true
          : undefined,
      2 * RESOLVE_EVERY_MS + 10_000,
    );
    // The resolver's lease is the new process's, taken while the killed one's would still have run.
    const runs = await database.db.selectFrom("job_runs").selectAll().execute();
    const killedResolver = left.get("prediction-resolver") as { holder: string; expires_at: number };
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
      const killedLease = left.get(`feed:${key}`) as { holder: string; expires_at: number };
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
