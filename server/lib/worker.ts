import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

/** Why a worker gave no answer. */
export class WorkerStopped extends Error {
  constructor(
    readonly reason: "deadline" | "out_of_memory" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "WorkerStopped";
  }
}

/**
 * The worker entry `name` beside the calling module (`import.meta.url`): built, both are
 * .js files; from source (tests, `npm run dev`) both are .ts and the worker boots tsx.
 */
export function workerBeside(callerUrl: string, name: string): URL {
  return new URL(`./${name}${path.extname(fileURLToPath(callerUrl))}`, callerUrl);
}

function startWorker(file: URL, options: { workerData: unknown; resourceLimits: ResourceLimits }): Worker {
  if (!file.pathname.endsWith(".ts")) return new Worker(file, options);
  const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve("tsx")), "esm", "api", "index.mjs");
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Runs `file` in a worker thread with `workerData` and resolves with the first message it
 * posts. A worker past its deadline or its memory limits is stopped, and the promise
 * rejects with WorkerStopped; it settles only once the worker has exited, so its memory
 * is free by then.
 */
export function runWorker<T>(
  file: URL,
  options: { workerData: unknown; deadlineMs: number; resourceLimits: ResourceLimits },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(file, { workerData: options.workerData, resourceLimits: options.resourceLimits });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate().then(finish, finish);
    };
    const deadline = setTimeout(
      () => settle(() => reject(new WorkerStopped("deadline", `Stopped after ${options.deadlineMs} ms`))),
      options.deadlineMs,
    );
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
      settle(() => reject(new WorkerStopped("failed", `Stopped without an answer (exit code ${code})`))),
    );
  });
}
