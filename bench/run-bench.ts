/** Runs one `bench/*.ts` script as `npm run bench:*` does, at a tiny size, for the bench tests. */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type BenchRun = { code: number | null; stdout: string; stderr: string };

export async function runBench(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
): Promise<BenchRun> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", script), ...args], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_TINY: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  return { code, stdout, stderr };
}
