/**
 * Fault helpers for the data-directory tests: a scratch folder of fresh data directories,
 * whether this machine can give the server a mount namespace of its own, and the built
 * server started as `npm start` runs it, its output captured.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, type ExpectStatic, type OnTestFinishedHandler } from "vitest";
import { type ServerProcess, startFlags, startServer } from "../../test-kit/server-process.ts";
import { until } from "../../test-kit/until.ts";

export const IS_ROOT = process.getuid?.() === 0;
/**
 * Root writes into a 0555 directory anyway; without the capabilities that override file
 * modes (util-linux's setpriv) it cannot, and still reads the build wherever it is.
 */
const WITHOUT_OVERRIDE = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"];
const WHAT_TO_DO = "or set DATA_DIR to a writable directory with free space.";

/**
 * Each test file that imports this module gets a scratch folder of its own and, from this
 * hook, its cleanup (Vitest loads the module anew for every test file).
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-data-dir-"));
/** tmpfs mounts this process made (only the real-tmpfs run): lazily unmounted whatever happens. */
export const mounted = new Set<string>();
export const unmount = (dir: string) => {
  if (mounted.delete(dir)) spawnSync("umount", ["-l", dir]);
};
afterAll(() => {
  for (const dir of [...mounted]) unmount(dir);
  for (const entry of fs.readdirSync(scratch)) fs.chmodSync(path.join(scratch, entry), 0o755);
  fs.rmSync(scratch, { recursive: true, force: true });
});
let dirs = 0;
export const freshDir = (name: string) => {
  const dir = path.join(scratch, `${++dirs}-${name}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  return dir;
};

/**
 * The unshare flags that give a process a mount namespace of its own on this machine
 * (root: -m; anyone where user namespaces are allowed: -rm), or null when none can.
 */
export const MOUNT_NAMESPACE: string[] | null = (() => {
  const target = freshDir("namespace-check");
  for (const flags of IS_ROOT ? [["-m"], ["-rm"]] : [["-rm"]]) {
    const tried = spawnSync("unshare", [...flags, "sh", "-c", `mount -t tmpfs -o size=64k tmpfs "${target}"`]);
    if (tried.status === 0) return flags;
  }
  return null;
})();

/**
 * The real tmpfs run mounts where this process sees it too (SQLite resolves /proc/<pid>/root
 * as a symbolic link to this process's own root, so the server's namespace cannot be read
 * into): it takes root with the right to mount, which a root mount namespace shows.
 */
export const CAN_MOUNT_HERE = IS_ROOT && MOUNT_NAMESPACE?.[0] === "-m";
export const NEEDS_NAMESPACE = "needs: a mount namespace (root, or unprivileged user namespaces)";

export type Launch = {
  env: Record<string, string>;
  /** As root, run the server without the capabilities that override file modes. */
  withoutOverride?: boolean;
  /** Mount a tmpfs at DATA_DIR in a namespace of the server's own; fill it up first when `fill`. */
  tmpfs?: { options: string; fill?: boolean };
};

type Launched = { server: ServerProcess; output: () => string; exited: Promise<number> };
export const LISTENING = "Gemwire is running at";

/**
 * Starts the built server as `npm start` does, in sample mode, its output captured. It is
 * killed when the test finishes, however it finishes (a timeout included), so no server
 * (and no namespace with its tmpfs) outlives the test.
 */
export async function launch(
  { env, withoutOverride, tmpfs }: Launch,
  onTestFinished: OnTestFinished,
): Promise<Launched> {
  const prefix = [
    ...(tmpfs
      ? [
          "unshare",
          ...(MOUNT_NAMESPACE ?? []),
          "sh",
          "-c",
          // Mount, fill when asked (cat stops at ENOSPC), then become the server itself.
          'mount -t tmpfs -o "$1" tmpfs "$DATA_DIR" || exit 99; if [ "$2" = fill ]; then cat /dev/zero > "$DATA_DIR/filler" 2>/dev/null; fi; shift 2; exec "$@"',
          "sh",
          tmpfs.options,
          tmpfs.fill ? "fill" : "",
        ]
      : []),
    ...(withoutOverride ? WITHOUT_OVERRIDE : []),
  ];
  const server = await startServer(env.DATA_DIR as string, startFlags(), env, { output: "pipe", prefix });
  let output = "";
  server.child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => server.child.once("close", (code) => resolve(code ?? -1)));
  onTestFinished(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await exited;
  });
  return { server, output: () => output, exited };
}
export type OnTestFinished = (fn: OnTestFinishedHandler) => void;

/** Runs the server, expecting it to refuse to start; a server that starts instead fails the test. */
export async function refusedStart(
  launchWith: Launch,
  onTestFinished: OnTestFinished,
): Promise<{ code: number; output: string }> {
  const run = await launch(launchWith, onTestFinished);
  let code: number | undefined;
  void run.exited.then((exitCode) => (code = exitCode));
  const outcome = await until(
    "the server to exit (or start)",
    async () => code ?? (run.output().includes(LISTENING) ? ("listening" as const) : undefined),
    60_000,
  );
  if (outcome === "listening") {
    throw new Error(`the server started with DATA_DIR ${launchWith.env.DATA_DIR}:\n${run.output()}`);
  }
  return { code: outcome, output: run.output() };
}

/** One clear sentence naming DATA_DIR, its path and what to do: no stack trace, no JSON log. */
export function expectOneClearSentence(expect: ExpectStatic, output: string, dataDir: string, says: RegExp): void {
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  const [line] = lines as [string];
  expect(line).toMatch(/^Cannot start: /);
  expect(line).toContain(`DATA_DIR (${dataDir})`);
  expect(line).toMatch(says);
  expect(line.endsWith(WHAT_TO_DO) || line.includes("Free some space there"), line).toBe(true);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/^\{/m);
}

/** Writes zeros to `file` until the disk refuses (ENOSPC). */
export function fillUp(file: string): void {
  const fd = fs.openSync(file, "w");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
    // The last partial megabyte: fill what is left, byte pages at a time.
    const page = Buffer.alloc(4096);
    try {
      for (;;) fs.writeSync(fd, page);
    } catch (last) {
      if ((last as { code?: string }).code !== "ENOSPC") throw last;
    }
  } finally {
    fs.closeSync(fd);
  }
}
