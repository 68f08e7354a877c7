/**
 * Part of `npm run bench:cluster`: load through the proxy, one process killed (SIGKILL) in
 * the middle of it (e); the other must keep serving.
 */
import { type Answer, call } from "../test-kit/http-client.ts";
import { type ServerProcess, sleep } from "../test-kit/server-process.ts";
import { check } from "./cluster-report.ts";
import type { Cluster } from "./cluster-shared.ts";
import { sized } from "./tiny.ts";

/** Load before and after the kill. After it, long enough (full size) for every lease of the dead process to run out (trends: 150 s) and its job to tick. */
const BEFORE_KILL_MS = sized(10_000, 2_000);
const AFTER_KILL_MS = sized(230_000, 12_000);
const LOAD_CONNECTIONS = 4;

/**
 * (e) Kills the process holding the price-history lease mid-load and takes it out of
 * `servers` (nothing left to stop); answers when, and which process died and which survived.
 */
export async function killMidLoad({ a, b, proxy, db, who }: Cluster, session: string, servers: ServerProcess[]) {
  const byName = (n: string) => (n === "A" ? a : b);
  console.log("\n(e) SIGKILL one process mid-load");
  const priceLease = await db.query<{ holder: string }>("SELECT holder FROM job_leases WHERE name = 'price-history'");
  // The process holding the longest-lived lease: its jobs must be taken over.
  const victimName = who(priceLease.rows[0]?.holder ?? null) === "B" ? "B" : "A";
  const victim = byName(victimName);
  const survivorName = victimName === "A" ? "B" : "A";
  const loadStart = Date.now();
  const results: Array<{ started: number; ended: number; ok: boolean; upstream: string | null }> = [];
  let killedAt = Number.POSITIVE_INFINITY;
  let stopLoad = false;
  const paths = ["/api/feeds/bitcoin/items", "/api/prices?symbols=BTC,ETH", "/api/me", "/api/trends?period=24h"];
  const workers = Array.from({ length: LOAD_CONNECTIONS }, async (_, w) => {
    let i = w;
    while (!stopLoad) {
      const started = Date.now();
      let answer: Answer | undefined;
      try {
        answer = await call(proxy.origin, paths[i++ % paths.length] as string, { cookie: session });
      } catch {
        // Counted as an error below.
      }
      results.push({
        started,
        ended: Date.now(),
        ok: answer !== undefined && answer.status < 500,
        upstream: answer?.upstream ?? null,
      });
    }
  });
  await sleep(BEFORE_KILL_MS);
  victim.child.kill("SIGKILL");
  killedAt = Date.now();
  await new Promise((resolve) => victim.child.once("exit", resolve));
  // Gone: nothing left to stop at the end.
  servers.splice(servers.indexOf(victim), 1);
  console.log(
    `  killed ${victimName} (pid ${victim.pid}) ${killedAt - loadStart} ms into the load; load goes on for ${AFTER_KILL_MS / 1000} s`,
  );
  await sleep(AFTER_KILL_MS);
  stopLoad = true;
  await Promise.all(workers);
  const droppedAt = proxy.droppedAt() ?? Number.POSITIVE_INFINITY;
  // Requests done before the kill, those under way when it came or sent before the proxy
  // dropped the dead process, and those sent after.
  const before = results.filter((r) => r.ended < killedAt);
  const inFlight = results.filter((r) => r.ended >= killedAt && r.started <= droppedAt);
  const after = results.filter((r) => r.started > droppedAt);
  const errors = (list: typeof results) => list.filter((r) => !r.ok).length;
  const dropped = Number.isFinite(droppedAt) ? `${droppedAt - killedAt} ms after the kill` : "(never)";
  console.log(
    `  requests: ${before.length} before the kill (${errors(before)} errors); ${inFlight.length} under way or sent until the proxy dropped ${victimName} ${dropped} (${errors(inFlight)} errors); ${after.length} after (${errors(after)} errors, served by ${[...new Set(after.map((r) => r.upstream))].join(", ")})`,
  );
  check(
    "the survivor keeps serving",
    errors(before) === 0 && after.length > 0 && errors(after) === 0 && after.every((r) => r.upstream === survivorName),
    `${errors(before)} errors before the kill; ${errors(inFlight)} in flight to ${victimName}; ${errors(after)} in ${after.length} requests after it was dropped`,
  );
  return { killedAt, victimName, survivorName };
}
