/**
 * `npm run bench:cluster`: two Gemwire processes on one PostgreSQL behind a round-robin
 * proxy, as behind a load balancer. Shows, with counts from the database: every job runs
 * once per period (job_runs), a member signed in through one process is recognised by
 * the other, a stake placed through one is paid by the other exactly once, a notification
 * made through one reaches an event stream held by the other, and after one process is
 * killed (SIGKILL) mid-load the other keeps serving and the jobs go on.
 *
 * Needs DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL server it may create a
 * throw-away database on (dropped at the end). BENCH_TINY=1 shortens every wait.
 *
 * This file starts and stops the cluster; the steps are in cluster-shared.ts (b, d, c),
 * cluster-kill.ts (e) and cluster-jobs.ts (a), the checks and summary in cluster-report.ts.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  ensureBuilt,
  type ServerProcess,
  sleep,
  startFlags,
  startServer,
  waitUntilReady,
} from "../test-kit/server-process.ts";
import { FEED_REFRESH_MS, jobRunsPerPeriod, TRENDS_REFRESH_MS } from "./cluster-jobs.ts";
import { killMidLoad } from "./cluster-kill.ts";
import { startProxy, type Upstream } from "./cluster-proxy.ts";
import { printSummary } from "./cluster-report.ts";
import { type Cluster, joinMembers, notificationAcross, pidOf, signInShared, stakePaidOnce } from "./cluster-shared.ts";
import { sized } from "./tiny.ts";

const REFUSAL = `bench:cluster needs a PostgreSQL server it may create a throw-away database on.
Set DATABASE_URL (or TEST_DATABASE_URL), for example:
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cluster`;

const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl)) {
  console.error(REFUSAL);
  process.exit(1);
}

/** How long both processes run before the kill (full: over a minute, so price history has two minutes). */
const OBSERVE_MS = sized(75_000, 12_000);

async function main() {
  const cpus = os.cpus();
  console.log(`Machine: ${cpus.length} cores, ${cpus[0]?.model ?? "unknown CPU"}, Node ${process.version}`);
  ensureBuilt();

  const name = `gemwire_cluster_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  console.log(`Throw-away database ${name} on ${url.host}`);

  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      FEED_REFRESH_MS: String(FEED_REFRESH_MS),
      TRENDS_REFRESH_MS: String(TRENDS_REFRESH_MS),
      LOG_LEVEL: "error",
    };
    const flags = startFlags();
    const started = Date.now();
    // Both at once: they share the migrations (one waits for the other's lock) and every job.
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-cluster-")));
    servers.push(...(await Promise.all(dirs.map((dir) => startServer(dir, flags, env)))));
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    await db.connect();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const names = new Map([
      [a.pid, "A"],
      [b.pid, "B"],
    ]);
    const who = (holder: string | null) => (holder ? (names.get(pidOf(holder)) ?? holder) : "-");
    const upstreams: Upstream[] = [
      { name: "A", origin: a.origin, alive: true },
      { name: "B", origin: b.origin, alive: true },
    ];
    proxy = await startProxy(upstreams);
    console.log(
      `Processes A (pid ${a.pid}) and B (pid ${b.pid}) ready in ${Date.now() - started} ms; proxy at ${proxy.origin}\n`,
    );
    const cluster: Cluster = { a, b, upstreams, proxy, db, who };
    const members = await joinMembers(proxy);

    const session = await signInShared(cluster, members);
    await notificationAcross(cluster, members);
    await stakePaidOnce(cluster, members);

    // Both processes keep running their jobs for a while before the kill.
    const observed = Date.now() - started;
    if (observed < OBSERVE_MS) await sleep(OBSERVE_MS - observed);

    const killed = await killMidLoad(cluster, session, servers);
    await jobRunsPerPeriod(cluster, killed);
    printSummary();
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop().catch(() => {})));
    await db.end().catch(() => {});
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
