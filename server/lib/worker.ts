import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

/** Why a worker gave no answer. */
export class WorkerStopped extends Error {
  constructor(
    readonly reason: "deadline" | "out_of_memory" | "failed" | "exited",
    message: string,
    /** The exit code, when the worker exited without an answer. */
    readonly exitCode?: number,
  ) {
    super(message);
    this.name = "WorkerStopped";
  }
}

/**
 * The worker entry `name` beside the calling module (`import.meta.url`): built, both are
 * .js files; from source (tests, `npm run dev`) both are .ts and the entry is bundled first.
 */
export function workerBeside(callerUrl: string, name: string): URL {
  return new URL(`./${name}${path.extname(fileURLToPath(callerUrl))}`, callerUrl);
}

type StartOptions = { workerData: unknown; resourceLimits: ResourceLimits; transferList?: ArrayBuffer[] };

/**
 * From source (tests, `npm run dev`, benchmarks) a worker entry is TypeScript. Rather than
 * have each worker load every source file through tsx, the entry is bundled once per process
 * with esbuild (the compiler tsx uses) into one file under node_modules/.cache, named by its
 * content so processes share it, with the packages left as imports: a worker then boots in
 * about half the time (0.4 s against 0.8 s here), and the tests start hundreds of them.
 */
const bundles = new Map<string, URL>();

function bundled(file: URL): URL {
  const known = bundles.get(file.href);
  if (known) return known;
  const require = createRequire(import.meta.url);
  const esbuild = require("esbuild") as typeof import("esbuild");
  const entry = fileURLToPath(file);
  const [output] = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${process.versions.node}`,
    packages: "external",
    write: false,
    logLevel: "silent",
  }).outputFiles;
  if (!output) throw new Error(`esbuild gave no output for ${entry}`);
  // Beside the packages, so that the bundle's imports of them resolve as the sources' do.
  const modules = path.resolve(path.dirname(require.resolve("esbuild/package.json")), "..");
  const folder = path.join(modules, ".cache", "gemwire-workers");
  const hash = createHash("sha256").update(output.contents).digest("hex").slice(0, 16);
  const target = path.join(folder, `${path.basename(entry, ".ts")}-${hash}.mjs`);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(folder, { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    fs.writeFileSync(partial, output.contents);
    fs.renameSync(partial, target);
  }
  const url = pathToFileURL(target);
  bundles.set(file.href, url);
  return url;
}

function startWorker(file: URL, options: StartOptions): Worker {
  return new Worker(file.pathname.endsWith(".ts") ? bundled(file) : file, options);
}

/**
 * Runs `file` in a worker thread with `workerData` (moving the buffers in `transferList`)
 * and resolves with the first message it posts. A worker past its deadline or its memory
 * limits is stopped, and the promise rejects with WorkerStopped; an abort of `signal` stops
 * it too and rejects with the signal's reason. It settles only once the worker has exited,
 * so its memory is free by then.
 */
export function runWorker<T>(
  file: URL,
  options: StartOptions & { deadlineMs: number; signal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const { deadlineMs, signal, ...start } = options;
    signal?.throwIfAborted();
    const worker = startWorker(file, start);
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate().then(finish, finish);
    };
    const deadline = setTimeout(
      () => settle(() => reject(new WorkerStopped("deadline", `Stopped after ${deadlineMs} ms`))),
      deadlineMs,
    );
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (answer: T) => settle(() => resolve(answer)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new WorkerStopped("out_of_memory", "Ran out of memory")
            : new WorkerStopped("failed", error.message),
        ),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new WorkerStopped("exited", `Stopped without an answer (exit code ${code})`, code))),
    );
  });
}
