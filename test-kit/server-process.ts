/**
 * The built Gemwire server as a child process, for the benchmarks and the hardening suite: built first when stale,
 * started the way `npm start` starts it, on a free loopback port, and measured from the
 * outside (resident memory from /proc, so Linux only).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../server/test/free-port.ts";

export const root = path.resolve(import.meta.dirname, "..");

/** Builds the web app and the server when `npm start` would (missing or stale). */
export function ensureBuilt(): void {
  const check = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "import { builds, isFresh } from './scripts/build-inputs.mjs'; process.exit(Object.values(builds).every(isFresh) ? 0 : 1);",
    ],
    { cwd: root },
  );
  if (check.status === 0) return;
  console.log("Building (dist/ is missing or stale)…");
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}

/** The Node flags of `npm start` (its script in package.json), so the server measured is the one users run. */
export function startFlags(): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<
    string,
    string
  >;
  const flags = /^node\s+(.*?)\s*scripts\/start\.mjs/.exec(scripts.start ?? "")?.[1] ?? "";
  return flags.split(/\s+/).filter(Boolean);
}

export type ServerProcess = { origin: string; pid: number; child: ChildProcess; stop(): Promise<void> };

/**
 * Starts dist/server/main.js in sample mode with its data in `dataDir` (its own SQLite
 * database, unless `env` names a DATABASE_URL), with `env` added to its environment.
 */
export async function startServer(
  dataDir: string,
  nodeFlags: string[],
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<ServerProcess> {
  return startProcess(
    path.join(root, "dist", "server", "main.js"),
    nodeFlags,
    {
      SAMPLE_MODE: "1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench admin password",
      LOG_LEVEL: "warn",
      ...env,
    },
    options,
  );
}

/**
 * `output: "pipe"` keeps what the process prints on child.stdout and child.stderr instead of
 * showing it. `prefix` is a command that runs Node in turn (unshare, setpriv…): the process
 * is that command, which must exec Node so the pid stays the server's.
 */
export type ProcessOptions = { output?: "inherit" | "pipe"; prefix?: string[] };

/** Starts a Node script as the server is started (same flags), listening on PORT on 127.0.0.1. */
export async function startProcess(
  script: string,
  nodeFlags: string[],
  env: Record<string, string>,
  { output = "inherit", prefix = [] }: ProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _theirs, ...inherited } = process.env;
  const command = [...prefix, process.execPath, ...nodeFlags, script];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env: { ...inherited, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", output, output],
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resident memory of a process, now and at its peak so far, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server answers and every fetched feed finished its first refresh. */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode})`);
    try {
      const response = await fetch(`${server.origin}/api/feeds`);
      if (response.ok) {
        const { feeds } = (await response.json()) as {
          feeds: Array<{ key: string; lastUpdated: string | null; lastError: string | null }>;
        };
        if (feeds.every((feed) => feed.key === "gemwire" || feed.lastUpdated || feed.lastError)) return;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error("the server was not ready within 2 minutes");
}
