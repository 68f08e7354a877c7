/**
 * Fault: PostgreSQL restarted under load. The built app runs on a private PostgreSQL
 * cluster while members vote, favorite, comment and stake and a reader reads; the cluster
 * is stopped (fast, or immediate: a crash) and started again, or restarted, mid-load.
 * While it is down every request answers 503 in the app's error shape with Retry-After
 * (no 500, no hang, no crash) and /api/health says the database is down; once it is back
 * the same process serves again without a restart, its jobs run again, a notification
 * stream opened before the outages still delivers, and every write it acknowledged is in
 * the database. And PostgreSQL out of reach when the server starts:
 * it says so, naming the database, and exits (it runs everywhere: it needs no server).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { freePort } from "../../server/test/free-port.ts";
import { adminSignIn, call, joinThroughInvite, openStream } from "../../test-kit/http-client.ts";
import {
  ensureBuilt,
  type ServerProcess,
  sleep,
  startFlags,
  startServer,
  waitUntilReady,
} from "../../test-kit/server-process.ts";
import { until } from "../../test-kit/until.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { articleLinks, type LoadMember, loadMember, startMemberLoad } from "../member-load.ts";
import { type PrivateCluster, privateClusterTargets, startPrivateCluster } from "../private-postgres.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";

/** What happens to PostgreSQL, in turn: stopped and started again (kept down a while), or restarted at once. */
const OUTAGES = scale(["stop-fast", "restart"], ["stop-fast", "restart", "stop-immediate", "restart", "stop-fast"]);
/** How long the cluster stays down in a stop-and-start outage. */
const DOWN_MS = scale(1_500, 4_000);
const MEMBERS = 4;

/** Where a private cluster can be made; elsewhere the test is listed as skipped, saying what it needs. */
const clusterTarget = privateClusterTargets()[0];

describe("Fault: PostgreSQL restarted under load (a private cluster)", () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let dataDir: string;
  let database: Database | undefined;

  beforeAll(async () => {
    if (!clusterTarget) return;
    ensureBuilt();
    cluster = await startPrivateCluster(clusterTarget.bin);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-pg-restart-"));
    // Sample mode: feeds and prices come from the process itself, so only the database fails.
    server = await startServer(dataDir, startFlags(), { DATABASE_URL: cluster.url, LOG_LEVEL: "fatal" });
    await waitUntilReady(server);
  });

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!clusterTarget)(
    "answers 503 while it is down, serves again from the same process after, and loses no acknowledged write (needs: PostgreSQL's binaries and TEST_DATABASE_URL)",
    async ({ task }) => {
      const adminCookie = await adminSignIn(server.origin, "bench admin password");
      const members: LoadMember[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        members.push(
          loadMember(await joinThroughInvite(server.origin, adminCookie, `pgfault_${i}`, "fault test password")),
        );
      }
      const links = await articleLinks(server.origin, "bitcoin");
      const acks = acknowledgedWrites();
      // A member who keeps a notification stream open through every outage.
      const listener = await joinThroughInvite(server.origin, adminCookie, "pgfault_listener", "fault test password");
      const stream = await openStream(`${server.origin}/api/notifications/stream`, listener.cookie);
      expect(await stream.until("ready", 10_000)).toBeDefined();
      const load = startMemberLoad({ origin: server.origin, members, links, acks });
      const pid = server.pid;
      const acknowledgedPast = (n: number) =>
        until(`${n} acknowledged writes`, async () => (load.report.acknowledged >= n ? true : undefined));
      const health = async () => {
        const answer = await call(server.origin, "/api/health", { signal: AbortSignal.timeout(8_000) });
        return { status: answer.status, body: answer.body as { status: string; db: string } };
      };

      try {
        await acknowledgedPast(20);
        /** When the database first came back: the jobs' loops must have run since. */
        let recoveredAt: number | undefined;
        for (const outage of OUTAGES) {
          const before = { ...load.report };
          if (outage === "restart") {
            // Sessions are cut mid-query and the server is gone for a moment: whatever the load
            // meets then is judged below with the rest (503 in shape, never anything else).
            await cluster.restart();
          } else {
            await cluster.stop(outage === "stop-fast" ? "fast" : "immediate");
            const down = await health();
            expect(down).toEqual({ status: 503, body: expect.objectContaining({ status: "error", db: "error" }) });
            // A write answered while the database is down: 503, the app's shape, Retry-After.
            const refused = await call(server.origin, "/api/votes", {
              method: "PUT",
              body: { link: links[0], vote: "up" },
              cookie: members[0]?.cookie,
              signal: AbortSignal.timeout(8_000),
            });
            expect(refused.status).toBe(503);
            expect(refused.body).toEqual({ error: { code: "unavailable", message: expect.any(String) } });
            expect(Number(refused.retryAfter)).toBeGreaterThan(0);
            // Every member's loop meets the outage too.
            await until("503 answers to the load while the database is down", async () =>
              load.report.unavailable >= before.unavailable + MEMBERS ? true : undefined,
            );
            await sleep(DOWN_MS);
            await cluster.start();
          }
          injected(task, 1);
          // The same process, never restarted, serves again once PostgreSQL is back.
          await until("/api/health to answer 200 again", async () => {
            const back = await health();
            return back.status === 200 && back.body.db === "ok" ? true : undefined;
          });
          recoveredAt ??= Date.now();
          await acknowledgedPast(load.report.acknowledged + 10);
        }

        // The background jobs survived the outages: the resolver (every 10 s) ran a pass since.
        database = openDatabase({ dialect: "postgres", url: cluster.url });
        const resolverRun = await until("a prediction-resolver run after the database came back", async () =>
          database?.db
            .selectFrom("job_runs")
            .select(["holder", "outcome"])
            .where("job", "=", "prediction-resolver")
            .where("started_at", ">=", recoveredAt as number)
            .where("outcome", "=", "ok")
            .executeTakeFirst(),
        );
        expect(Number(resolverRun.holder.split(":").at(-2))).toBe(pid);

        // The stream opened before the first outage still carries what happens after the last.
        const mention = await call(server.origin, "/api/comments", {
          method: "POST",
          body: { contentId: links[1], content: "@pgfault_listener back after the outage" },
          cookie: members[0]?.cookie,
        });
        expect(mention.status).toBe(201);
        acks.comment((mention.body as { id: string }).id);
        await until("the mention on the stream opened before the outages", async () =>
          stream.events.some((event) => event.event === "notification" && event.data.includes("back after the outage"))
            ? true
            : undefined,
        );

        const report = await load.stop();
        expect(report.unexpected, "answers other than 2xx or a well-formed 503").toEqual([]);
        expect(report.timedOut, "requests left hanging past the client's timeout").toBe(0);
        expect(report.refused, "requests the process never answered (it died?)").toBe(0);
        expect(report.unavailable).toBeGreaterThanOrEqual(MEMBERS);
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();
        expect(server.pid).toBe(pid);

        await expectNothingLost(task, database, acks);
        const stored = new Set(
          (await database.db.selectFrom("user_predictions").select("id").execute()).map((row) => row.id),
        );
        expect(
          report.predictions.filter((id) => !stored.has(id)),
          "acknowledged stakes missing",
        ).toEqual([]);
        await expectBankHolds(task, database);
      } finally {
        stream.close();
        await load.stop();
      }
    },
  );
});

describe("Fault: PostgreSQL out of reach when the server starts", () => {
  it("says it cannot start, naming the database and why, and exits 1 without a stack trace", async ({ task }) => {
    ensureBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-pg-down-"));
    try {
      const nobody = await freePort();
      const server = await startServer(
        dataDir,
        startFlags(),
        { DATABASE_URL: `postgres://gemwire@127.0.0.1:${nobody}/gemwire`, LOG_LEVEL: "info" },
        { output: "pipe" },
      );
      let printed = "";
      server.child.stdout?.on("data", (chunk) => (printed += chunk));
      server.child.stderr?.on("data", (chunk) => (printed += chunk));
      const code = await new Promise((resolve) => server.child.once("close", resolve));
      injected(task, 1);
      expect(code).toBe(1);
      expect(printed).toContain("Cannot start: connect ECONNREFUSED");
      expect(printed).toContain("the PostgreSQL database gemwire on 127.0.0.1");
      expect(printed).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
