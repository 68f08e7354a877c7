/**
 * Fixtures of the kill -9 fault (kill-9.test.ts): the local feed and price servers the built
 * app reads, how a process is started, awaited and killed, and the database reads that find
 * what a killed process left (its leases, the predictions resolved when it died).
 */
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS } from "../../server/jobs/prediction-resolver.ts";
import { feedCatalog } from "../../server/modules/articles/catalog.ts";
import { startFakePriceApi } from "../../server/test/fake-price-api.ts";
import { type FeedRoute, rss, startFeedServer } from "../../server/test/feed-server.ts";
import { call } from "../../test-kit/http-client.ts";
import { type ServerProcess, sleep } from "../../test-kit/server-process.ts";
import { until } from "../../test-kit/until.ts";
import { articleLinks } from "../member-load.ts";
import { scale } from "../scale.ts";

/** Rounds of two kills each (mid-refresh during a burst, then mid-resolution). */
export const ROUNDS = scale(1, 3);
export const MEMBERS = 4;
/** Stakes placed in each burst, at least: enough that a resolution pass takes a while to get through. */
export const STAKES_PER_ROUND = 48;
/** Feeds that drip, one per round (each answers 500 until its round, and normally after). */
export const DRIPPING = ["news", "market", "search", "xfeed"].slice(0, ROUNDS);
export const ENTRY_USD = 100;
/** An exit price at which "up 1 %" wins and "down 1 %" loses. */
export const EXIT_USD = 101.5;

export type Location = Parameters<typeof openDatabase>[0];
/** A lease a killed process left in job_leases. */
export type LeftLease = { holder: string; expires_at: number };

export const pidOf = (holder: string) => Number(holder.split(":").at(-2));
export const feedPath = (key: string) => `/feeds/${key}`;
export const feedOf = (key: string): FeedRoute =>
  rss(
    `${key} feed`,
    Array.from({ length: 12 }, (_, i) => ({
      id: `${key}-${i}`,
      title: `${key} story ${i}`,
      link: `https://${key}.example/story-${i}`,
    })),
  );

/**
 * Every catalog feed served locally (the dripping ones answering 500 until their round), a
 * price API quoting bitcoin at the entry price, and the environment that points the app at
 * both. `routes` and `quotes` stay live: the test changes them between kills.
 */
export async function startSources(dataDir: string, location: Location) {
  const quotes = { bitcoin: { usd: ENTRY_USD } };
  const routes: Record<string, FeedRoute> = {};
  for (const feed of feedCatalog) if (feed.url !== null) routes[feedPath(feed.key)] = feedOf(feed.key);
  for (const key of DRIPPING) routes[feedPath(key)] = { type: "text/plain", body: "down", status: 500 };
  const feeds = await startFeedServer(routes);
  const prices = await startFakePriceApi(quotes);
  const sourcesFile = path.join(dataDir, "sources.json");
  fs.writeFileSync(
    sourcesFile,
    JSON.stringify({
      feeds: Object.fromEntries(Object.keys(routes).map((at) => [at.slice(7), `${feeds.base}${at}`])),
    }),
  );
  const env: Record<string, string> = {
    SAMPLE_MODE: "0",
    SOURCES_FILE: sourcesFile,
    PRICE_API_URL: prices.baseUrl,
    TRENDS_URL: `${feeds.base}/trends`,
    ALLOW_PRIVATE_SOURCES: "1",
    LOG_LEVEL: "fatal",
    ...(location.dialect === "postgres" ? { DATABASE_URL: location.url } : {}),
  };
  return { quotes, routes, feeds, prices, env };
}

export type Prices = Awaited<ReturnType<typeof startFakePriceApi>>;

/**
 * Up, on its database, with the article feed read. A start migrates, takes its leases and
 * reads the feeds: on two busy cores that can take well over 20 s.
 */
export const ready = (server: ServerProcess) =>
  until(
    "the server to answer with articles",
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode})`);
      const health = await call(server.origin, "/api/health", { signal: AbortSignal.timeout(5_000) }).catch(
        () => undefined,
      );
      if (health?.status !== 200) return undefined;
      const links = await articleLinks(server.origin, "bitcoin");
      return links.length > 0 ? links : undefined;
    },
    60_000,
  );

/** Kills the process and waits for it to be gone; a process that already died on its own fails the test. */
export const kill = async (server: ServerProcess) => {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    throw new Error(`the server died before the kill (${server.child.exitCode ?? server.child.signalCode})`);
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
};

export const leasesOf = async (database: Database, server: ServerProcess) =>
  (await database.db.selectFrom("job_leases").selectAll().execute()).filter((row) => pidOf(row.holder) === server.pid);

export const resolvedCount = async (database: Database) =>
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
export async function startInUnclaimedPeriod(database: Database, start: () => Promise<ServerProcess>) {
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
export async function killAfterResolved(
  { database, location, prices }: { database: Database; location: Location; prices: Prices },
  past: number,
  resolver: ServerProcess,
): Promise<number> {
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
  if (resolver.child.exitCode !== null || resolver.child.signalCode !== null)
    throw new Error(`the resolving server died on its own (${resolver.child.exitCode ?? resolver.child.signalCode})`);
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
    while ((await resolvedCount(database)) <= past) {
      if (Date.now() > deadline) throw new Error("no prediction was resolved");
      await sleep(1);
    }
    resolver.child.kill("SIGKILL");
  }
  await exited;
  return resolvedCount(database);
}
