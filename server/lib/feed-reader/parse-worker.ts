// A worker thread's entry: parses one feed body off the main thread (see parse-off-thread.ts).
import { parentPort, workerData } from "node:worker_threads";
import { FeedParseError } from "./parse-feed.ts";
import { type ParseJob, type ParseOutcome, parseJob } from "./parse-off-thread.ts";

const job = workerData as ParseJob;
let outcome: ParseOutcome;
try {
  outcome = { items: parseJob(job) };
} catch (error) {
  outcome =
    error instanceof FeedParseError ? { parseError: error.reason } : { failure: (error as Error).message ?? "unknown" };
}
parentPort?.postMessage(outcome);
