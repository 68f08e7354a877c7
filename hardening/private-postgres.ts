/**
 * A throw-away PostgreSQL cluster of the test's own, which it may stop and restart at
 * will (the shared test server must never be restarted under other tests): initdb into a
 * temporary directory (0700), a free port on 127.0.0.1 only, its socket in that directory
 * (not in world-writable /tmp), and scram-sha-256 with a random password for every
 * connection, so no other local user can become its superuser while the tests run.
 * As root (CI), the binaries run as the postgres user, as .ci/run starts its server.
 * The cluster is stopped when the test process exits, however it exits, as well as by
 * `destroy`.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../server/test/free-port.ts";

/** The newest installed PostgreSQL's bin directory, if any. */
export function postgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/**
 * Where a private cluster can be made: PostgreSQL's binaries are installed and the suite
 * runs its PostgreSQL tests (TEST_DATABASE_URL set, as in CI). Empty otherwise, for
 * describe.each, like testDatabaseTargets.
 */
export function privateClusterTargets(): Array<{ dialect: "postgres"; bin: string }> {
  const bin = postgresBinaries();
  return bin && process.env.TEST_DATABASE_URL ? [{ dialect: "postgres", bin }] : [];
}

export type PrivateCluster = {
  url: string;
  port: number;
  /** pg_ctl restart -m fast: sessions are cut, the server is back when it settles. */
  restart(): Promise<void>;
  /** pg_ctl stop; `mode` immediate is a crash (no checkpoint, WAL replayed at start). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  destroy(): void;
};

export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-fault-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const password = randomBytes(24).toString("hex");
  const pwfile = path.join(dir, "password");
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  // The tools run without blocking the test's event loop: its load goes on meanwhile.
  const command = (tool: string, args: string[]) =>
    asRoot
      ? (["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] as const)
      : ([path.join(bin, tool), args] as const);
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    await promisify(execFile)(file, [...argv], { timeout: 60_000 });
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const log = path.join(dir, "server.log");
  const start = () => run("pg_ctl", ["-D", data, "-l", log, "-w", "-o", options, "start"]);
  try {
    await run("initdb", ["-D", data, "-A", "scram-sha-256", "-U", "postgres", `--pwfile=${pwfile}`, "--no-sync"]);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  /** Synchronous, for an afterAll and an exit hook that must not leave a server behind whatever happened. */
  const stopNow = () => {
    const [file, argv] = command("pg_ctl", ["-D", data, "-w", "-m", "immediate", "stop"]);
    try {
      execFileSync(file, [...argv], { stdio: "ignore", timeout: 60_000 });
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    restart: () => run("pg_ctl", ["-D", data, "-l", log, "-w", "-m", "fast", "-o", options, "restart"]),
    stop: (mode = "fast") => run("pg_ctl", ["-D", data, "-w", "-m", mode, "stop"]),
    start,
    destroy() {
      process.removeListener("exit", stopNow);
      stopNow();
    },
  };
}
