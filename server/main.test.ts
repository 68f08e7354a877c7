import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.ts";
import { loadMigrations } from "./db/migrate.ts";
import { projectRoot } from "./paths.ts";
import { holdMigrationLock, testDatabaseTargets } from "./test/databases.ts";
import { freePort } from "./test/free-port.ts";
import { tempDirs } from "./test/temp-dirs.ts";

type Run = { code: number | null; stdout: string; stderr: string };

/** Starts `server/main.ts` as an operator would, with only the given environment. */
function start(env: Record<string, string>, args: string[] = []): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<Run>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

function databaseEnv(
  location: { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string },
): Record<string, string> {
  return location.dialect === "sqlite" ? { DATA_DIR: path.dirname(location.file) } : { DATABASE_URL: location.url };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("starting the server", () => {
  it("stops with a message naming a bad variable", async () => {
    const { done } = start({ PORT: "abc", ACCESS_MODE: "everyone" });
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration/);
    expect(run.stderr).toMatch(/PORT must be a whole number \(got "abc"\)/);
    expect(run.stderr).toMatch(/ACCESS_MODE /);
  });

  it("serves, then shuts down cleanly on SIGTERM", async () => {
    const temp = tempDirs();
    const dataDir = temp.make("main");
    cleanups.push(() => temp.removeAll());
    const port = await freePort();
    // Sample mode: the feed scheduler reads this server's own samples, never the internet.
    const { child, done } = start({ DATA_DIR: dataDir, PORT: String(port), SAMPLE_MODE: "1" });
    cleanups.push(() => void child.kill("SIGKILL"));
    let health: Response | undefined;
    for (let attempt = 0; attempt < 100 && !health; attempt++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await health?.json()).toMatchObject({ status: "ok", db: "ok" });
    expect(fs.existsSync(path.join(dataDir, "gemwire.db"))).toBe(true);
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/shut down cleanly/);
  });

  it("prints one plain line with its address and the generated admin password as a warning", async () => {
    const temp = tempDirs();
    const dataDir = temp.make("main");
    cleanups.push(() => temp.removeAll());
    const port = await freePort();
    const { child, done } = start({ DATA_DIR: dataDir, PORT: String(port), SAMPLE_MODE: "1" });
    cleanups.push(() => void child.kill("SIGKILL"));
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    for (let attempt = 0; attempt < 150 && !output.includes("Gemwire is running"); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill("SIGTERM");
    const run = await done;
    const lines = run.stdout.trim().split("\n");
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as { level: number; msg: string; adminPassword?: string };
      } catch {
        return line;
      }
    });
    // Machines still get JSON lines; the one plain line is for the person who started it.
    expect(parsed.filter((line) => typeof line === "string")).toEqual([
      `Gemwire is running at http://127.0.0.1:${port}`,
    ]);
    const entries = parsed.filter((line) => typeof line !== "string");
    const notices = entries.filter((entry) => entry.adminPassword);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.level).toBe(40);
    expect(notices[0]?.msg).toContain(`generated the admin password: ${notices[0]?.adminPassword} `);
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});

describe.each(testDatabaseTargets())("a second process during a migration on $dialect", (target) => {
  async function lockedDatabase() {
    const created = await target.create();
    cleanups.push(created.drop);
    const holder = openDatabase(created.location);
    cleanups.push(() => holder.close());
    const lock = await holdMigrationLock(holder);
    cleanups.push(async () => {
      lock.release();
      await lock.released;
    });
    return { location: created.location, ...lock };
  }

  it("waits for it to finish, then migrates", async () => {
    const { location, release, released } = await lockedDatabase();
    const { child, done } = start({ ...databaseEnv(location), MIGRATION_LOCK_TIMEOUT_MS: "20000" }, ["--migrate-only"]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Still waiting: it has not migrated behind the other process's back.
    expect(child.exitCode).toBeNull();
    release();
    await released;
    const run = await done;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const check = openDatabase(location);
    cleanups.push(() => check.close());
    const { rows } = await sql<{ id: string }>`SELECT id FROM schema_migrations`.execute(check.db);
    expect(rows.map((row) => row.id).sort()).toEqual(loadMigrations(target.dialect).map((m) => m.id));
  });

  it("gives up with a clear message when it waits too long", async () => {
    const { location } = await lockedDatabase();
    const { done } = start({ ...databaseEnv(location), MIGRATION_LOCK_TIMEOUT_MS: "300" }, ["--migrate-only"]);
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Cannot start: Another Gemwire process is migrating .*gave up waiting after 300 ms/);
  });
});
