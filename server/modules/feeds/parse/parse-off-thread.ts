import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { NormalisedItem } from "./normalise.ts";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";

/**
 * Bodies up to this size are parsed on the main thread: a few tens of milliseconds at
 * most. Larger ones (up to the 15 MiB fetch cap, ~650 ms of parsing) go to a worker
 * thread, so no request waits behind them.
 */
export const MAX_INLINE_BODY = 256 * 1024;
/** A hostile body cannot take the server's memory with it: the worker dies alone. */
const WORKER_HEAP_MB = 512;

export type ParseJob = { body: string; fetchedAt: number; baseUrl?: string; keep: number };
export type ParseOutcome = { items: NormalisedItem[] } | { parseError: string } | { failure: string };

/** The feed's `keep` newest items, parsed and normalised (spec §3); throws FeedParseError like parseFeed. */
export async function parseNewestItems(job: ParseJob, signal?: AbortSignal): Promise<NormalisedItem[]> {
  if (job.body.length <= MAX_INLINE_BODY) {
    return newestItems(parseFeed(job.body, { fetchedAt: new Date(job.fetchedAt), baseUrl: job.baseUrl }), job.keep);
  }
  const outcome = await inWorker(job, signal);
  if ("parseError" in outcome) throw new FeedParseError(outcome.parseError);
  if ("failure" in outcome) throw new Error(`Failed to parse feed content: ${outcome.failure}`);
  return outcome.items;
}

// Built, this module is parse-off-thread.js beside parse-worker.js; from source (tests,
// `npm run dev`, benchmarks) both are .ts and the worker needs tsx to load them.
const here = fileURLToPath(import.meta.url);
const workerFile = new URL(`./parse-worker${path.extname(here)}`, import.meta.url);

function startWorker(job: ParseJob): Worker {
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!here.endsWith(".ts")) return new Worker(workerFile, options);
  const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve("tsx")), "esm", "api", "index.mjs");
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

function inWorker(job: ParseJob, signal?: AbortSignal): Promise<ParseOutcome> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = startWorker(job);
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      finish();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (outcome: ParseOutcome) => settle(() => resolve(outcome)));
    worker.once("error", (error) => settle(() => reject(new Error(`Failed to parse feed content: ${error.message}`))));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`Failed to parse feed content: the parser stopped (exit code ${code})`))),
    );
  });
}
