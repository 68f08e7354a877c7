import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { decodeText } from "../../../outbound/charset.ts";
import type { NormalisedItem } from "./normalise.ts";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";

/**
 * Bodies up to this size are decoded and parsed on the main thread: a few tens of
 * milliseconds at most. Larger ones (up to the 15 MiB fetch cap, ~650 ms of parsing) go
 * to a worker thread as bytes, handed over without a copy, so no request waits behind
 * their decoding or parsing either.
 */
export const MAX_INLINE_BODY = 256 * 1024;
/** A hostile body cannot take the server's memory with it: the worker dies alone. */
const WORKER_HEAP_MB = 512;

export type ParseJob = {
  body: Uint8Array;
  contentType: string | null;
  fetchedAt: number;
  baseUrl?: string;
  keep: number;
};
export type ParseOutcome = { items: NormalisedItem[] } | { parseError: string } | { failure: string };

/** Decodes, parses and normalises (spec §3) a fetched body: what parse-worker.ts runs. */
export function parseJob(job: ParseJob): NormalisedItem[] {
  const text = decodeText(job.body, job.contentType);
  return newestItems(parseFeed(text, { fetchedAt: new Date(job.fetchedAt), baseUrl: job.baseUrl }), job.keep);
}

/**
 * The feed's `keep` newest items; throws FeedParseError like parseFeed. A big body is
 * handed over to the worker: the caller must not use `job.body` afterwards.
 */
export async function parseNewestItems(job: ParseJob, signal?: AbortSignal): Promise<NormalisedItem[]> {
  if (job.body.byteLength <= MAX_INLINE_BODY) return parseJob(job);
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
  // Only a buffer of its own can move to the worker; a view into a shared pool is copied.
  const owned =
    job.body.byteOffset === 0 &&
    job.body.byteLength === job.body.buffer.byteLength &&
    job.body.buffer instanceof ArrayBuffer
      ? job.body
      : new Uint8Array(job.body);
  const options = {
    workerData: { ...job, body: owned },
    transferList: [owned.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
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
