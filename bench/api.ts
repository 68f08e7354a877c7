/**
 * `npm run bench:api [-- --seconds 10 --connections 100 --articles 1000 --node-flags="…"]`:
 * starts the built server (building it first when stale) as `npm start` runs it, in
 * sample mode on 127.0.0.1, over a generated database of ~1,000 articles from the last
 * two days, and loads its read routes one after the other with `connections` clients.
 * Prints req/s, p50/p99 and answer size per route, each stories route's ratio to the
 * feed-items route of the same run, and the server's resident memory (VmRSS from
 * /proc/<pid>/status) once started and under load — each against its target, PASS or
 * FAIL. `--node-flags="…"` replaces the Node flags of `npm start`, for experiments.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateApiDatabase } from "./api-data.ts";
import { type LoadResult, runLoad } from "./load.ts";
import { ensureBuilt, memoryOf, sleep, startFlags, startServer, waitUntilReady } from "./server-process.ts";

const TARGETS = { ratio: 0.5, p99Ms: 100, startMb: 150, loadMb: 250 };

type Route = { path: string; label: string; compressed?: boolean; target?: boolean };
const FEED_ITEMS = "/api/feeds/bitcoin/items";
const ROUTES: Route[] = [
  { path: FEED_ITEMS, label: FEED_ITEMS },
  { path: "/api/stories", label: "/api/stories", target: true },
  { path: "/api/stories?feed=gemwire&sort=coverage", label: "/api/stories?feed=gemwire&sort=coverage", target: true },
  { path: "/api/stories?feed=bitcoin", label: "/api/stories?feed=bitcoin", target: true },
  // As browsers ask, compressed; compared with the compressed feed items, without a target.
  { path: FEED_ITEMS, label: `${FEED_ITEMS} (br)`, compressed: true },
  { path: "/api/stories", label: "/api/stories (br)", compressed: true },
];
const COMPRESSED = { "accept-encoding": "gzip, deflate, br" };

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "100" },
    articles: { type: "string", default: "1000" },
    "node-flags": { type: "string" },
  },
});
const seconds = Number(options.seconds);
const connections = Number(options.connections);
const articles = Number(options.articles);
const nodeFlags = options["node-flags"]?.split(/\s+/).filter(Boolean) ?? startFlags();

const mb = (n: number) => `${n.toFixed(0)} MB`;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-bench-api-"));
await generateApiDatabase(path.join(dataDir, "gemwire.db"), articles);
const server = await startServer(dataDir, nodeFlags);
let failed = false;
try {
  await waitUntilReady(server);
  await sleep(2_000);
  const atStart = memoryOf(server.pid);
  const catalog = (await (await fetch(`${server.origin}/api/feeds`)).json()) as {
    feeds: Array<{ key: string; itemCount: number }>;
  };
  const stored = catalog.feeds.find((feed) => feed.key === "gemwire")?.itemCount;
  console.log(`Server: sample mode + ${articles} generated articles (${stored} stored), Node ${process.version}`);
  console.log(`Node flags: ${nodeFlags.join(" ") || "(none)"}`);
  console.log(`Load: ${connections} connections, ${seconds} s per route after 1 s of warm-up\n`);

  // Resident memory sampled every 200 ms: the highest while each route is loaded.
  let routeMb = 0;
  const sampler = setInterval(() => {
    routeMb = Math.max(routeMb, memoryOf(server.pid).rssMb);
  }, 200);
  const results = new Map<Route, LoadResult & { rssMb: number }>();
  for (const route of ROUTES) {
    const headers = route.compressed ? COMPRESSED : {};
    routeMb = memoryOf(server.pid).rssMb;
    const result = await runLoad(server.origin, route.path, { connections, seconds, headers });
    results.set(route, { ...result, rssMb: Math.max(routeMb, memoryOf(server.pid).rssMb) });
  }
  clearInterval(sampler);
  const afterLoad = memoryOf(server.pid);
  const underLoadMb = Math.max(...[...results.values()].map((result) => result.rssMb));

  /** The feed-items run a route is compared with: the one asked for the same way. */
  const baseOf = (route: Route) => {
    const base = ROUTES.find((r) => r.path === FEED_ITEMS && Boolean(r.compressed) === Boolean(route.compressed));
    return results.get(base as Route) as LoadResult;
  };
  const ratioOf = (route: Route) => (results.get(route) as LoadResult).perSecond / baseOf(route).perSecond;
  console.log(
    `${"route".padEnd(42)} ${"req/s".padStart(6)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"answer".padStart(9)} ${"errors".padStart(6)} ${"RSS".padStart(7)}  vs feed items`,
  );
  for (const [route, result] of results) {
    console.log(
      [
        route.label.padEnd(42),
        result.perSecond.toFixed(0).padStart(6),
        ms(result.p50Ms).padStart(8),
        ms(result.p99Ms).padStart(8),
        `${(result.bodyBytes / 1024).toFixed(1)} KB`.padStart(9),
        String(result.errors).padStart(6),
        mb(result.rssMb).padStart(7),
        route.path === FEED_ITEMS ? "" : ` ${ratioOf(route).toFixed(2)}x`,
      ].join(" "),
    );
  }

  console.log("\nTargets:");
  const check = (label: string, pass: boolean) => {
    failed ||= !pass;
    console.log(`  ${pass ? "PASS" : "FAIL"}  ${label}`);
  };
  for (const [route, result] of results) {
    if (!route.target) continue;
    check(
      `${route.label}: ${ratioOf(route).toFixed(2)}x the feed items' req/s (≥ ${TARGETS.ratio}x)`,
      ratioOf(route) >= TARGETS.ratio,
    );
    check(`${route.label}: p99 ${ms(result.p99Ms)} (≤ ${TARGETS.p99Ms} ms)`, result.p99Ms <= TARGETS.p99Ms);
  }
  for (const [route, result] of results) {
    if (result.errors > 0) check(`${route.label}: ${result.errors} requests failed`, false);
  }
  check(
    `resident memory after start: ${mb(atStart.rssMb)} (≤ ${TARGETS.startMb} MB)`,
    atStart.rssMb <= TARGETS.startMb,
  );
  check(
    `resident memory under load: at most ${mb(underLoadMb)} (sampled every 200 ms), ${mb(afterLoad.rssMb)} after (≤ ${TARGETS.loadMb} MB)`,
    underLoadMb <= TARGETS.loadMb,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
