import type { ResourceLimits } from "node:worker_threads";
import { decodeText } from "../../outbound/charset.ts";
import { OneAtATime } from "../one-at-a-time.ts";
import { runWorker, WorkerStopped, workerBeside } from "../worker.ts";
import type { NormalisedItem } from "./normalise.ts";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";

/**
 * Bodies up to this size are decoded and parsed on the main thread: a few tens of
 * milliseconds at most. Larger ones (up to the 15 MiB fetch cap, ~650 ms of parsing) go
 * to a worker thread as bytes, handed over without a copy, so no request waits behind
 * their decoding or parsing either.
 */
export const MAX_INLINE_BODY = 256 * 1024;
/**
 * A parse that takes longer is stopped: a hung parser would otherwise hold its feed's
 * lease, and the scheduler's turn, for good. The 14 MiB / 108,000-item benchmark feed
 * takes about 2 s on a busy 2-core machine.
 */
export const PARSE_DEADLINE_MS = 30_000;
/**
 * What one parse worker may use, so that a hostile body dies alone in its worker and the
 * server stays near its ≤250 MB target. The 14 MiB / 108,000-item benchmark feed needs
 * between 56 and 64 MB of old generation (it fails at 56; items are let go as they are
 * read); ~17 MiB JSON and non-ASCII feeds parse in 100. 128 leaves room for feeds shaped otherwise; with 160 MB and a
 * 16 MB young generation the server's peak in `npm run bench:feed-refresh` was 257 MB,
 * with these 239 MB.
 */
export const WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 8,
  stackSizeMb: 4,
};
/** One parse worker at a time in the process: three at once would triple the memory above. */
const workerTurns = new OneAtATime();
let workersRunning = 0;

/** Parse workers alive now, and big bodies waiting for their turn (for tests and logs). */
export function parseWorkers(): { running: number; waiting: number } {
  return { running: workersRunning, waiting: workerTurns.waiting };
}

export type ParseJob = {
  body: Uint8Array;
  contentType: string | null;
  fetchedAt: number;
  baseUrl?: string;
  keep: number;
};
export type ParseOutcome = { items: NormalisedItem[] } | { parseError: string } | { failure: string };
/** How a big body's worker runs: production uses the defaults; tests make them small. */
export type WorkerOptions = {
  deadlineMs?: number;
  resourceLimits?: ResourceLimits;
  /** The worker's entry: parse-worker beside this module, unless a test stands in a slower one. */
  entry?: URL;
};

/** Decodes, parses and normalises a fetched body: what parse-worker.ts runs. */
export function parseJob(job: ParseJob): NormalisedItem[] {
  const text = decodeText(job.body, job.contentType);
  return newestItems(parseFeed(text, { fetchedAt: new Date(job.fetchedAt), baseUrl: job.baseUrl }), job.keep);
}

/**
 * The feed's `keep` newest items; throws FeedParseError like parseFeed, also when the
 * worker fails, runs out of memory or takes too long (the cause in its `reason`). A big
 * body is handed over to the worker: the caller must not use `job.body` afterwards.
 * Big bodies wait for their turn (one worker at a time); `signal` stops the wait too.
 */
export async function parseNewestItems(
  job: ParseJob,
  signal?: AbortSignal,
  options: WorkerOptions = {},
): Promise<NormalisedItem[]> {
  if (job.body.byteLength <= MAX_INLINE_BODY) return parseJob(job);
  const outcome = await workerTurns.run(() => inWorker(job, signal, options), signal);
  if ("parseError" in outcome) throw new FeedParseError(outcome.parseError);
  if ("failure" in outcome) throw new FeedParseError(`The parser failed: ${outcome.failure}`);
  return outcome.items;
}

const parseWorker = workerBeside(import.meta.url, "parse-worker");

/** Runs one worker; its turn ends only once the worker has exited, so its memory is free. */
async function inWorker(job: ParseJob, signal: AbortSignal | undefined, options: WorkerOptions): Promise<ParseOutcome> {
  const deadlineMs = options.deadlineMs ?? PARSE_DEADLINE_MS;
  const limits = options.resourceLimits ?? WORKER_LIMITS;
  // Only a buffer of its own can move to the worker; a view into a shared pool is copied.
  const owned =
    job.body.byteOffset === 0 &&
    job.body.byteLength === job.body.buffer.byteLength &&
    job.body.buffer instanceof ArrayBuffer
      ? job.body
      : new Uint8Array(job.body);
  signal?.throwIfAborted();
  workersRunning++;
  try {
    return await runWorker<ParseOutcome>(options.entry ?? parseWorker, {
      workerData: { ...job, body: owned },
      transferList: [owned.buffer as ArrayBuffer],
      resourceLimits: limits,
      deadlineMs,
      signal,
    });
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error;
    switch (error.reason) {
      case "deadline":
        throw new FeedParseError(`The parser took longer than ${seconds(deadlineMs)} s and was stopped`);
      case "out_of_memory":
        throw new FeedParseError(`The parser ran out of memory (limit ${limits.maxOldGenerationSizeMb} MB)`);
      case "exited":
        throw new FeedParseError(`The parser stopped without an answer (exit code ${error.exitCode})`);
      default:
        throw new FeedParseError(`The parser failed: ${error.message}`);
    }
  } finally {
    workersRunning--;
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
