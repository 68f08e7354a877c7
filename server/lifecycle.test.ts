import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShutdown } from "./lifecycle.ts";
import { buildTestApp } from "./test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "./test/databases.ts";

describe("graceful shutdown", () => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    const [target] = testDatabaseTargets();
    if (!target) throw new Error("no test database");
    handle = await openTestDatabase(target);
  });
  afterAll(async () => handle.dispose());

  it("finishes in-flight requests, refuses new ones, closes the database, then exits 0", async () => {
    const app = await buildTestApp(handle.database);
    let started: () => void = () => {};
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    app.get("/api/test/slow", async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { finished: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const exits: number[] = [];
    const shutdown = createShutdown(app, { exit: (code) => exits.push(code) });
    const inFlight = fetch(`${base}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await requestStarted;
    const closing = shutdown("SIGTERM");

    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closing;
    expect(exits).toEqual([0]);
    await expect(handle.database.db.selectFrom("job_leases").selectAll().execute()).rejects.toThrow();
  });

  it("exits with 1 when closing outlasts the grace period", async () => {
    const [target] = testDatabaseTargets();
    if (!target) throw new Error("no test database");
    const other = await openTestDatabase(target);
    const app = await buildTestApp(other.database);
    app.addHook("onClose", () => new Promise((resolve) => setTimeout(resolve, 300)));
    await app.ready();
    const exits: number[] = [];
    await createShutdown(app, { graceMs: 50, exit: (code) => exits.push(code) })("SIGINT");
    expect(exits[0]).toBe(1);
    await other.dispose();
  });
});
