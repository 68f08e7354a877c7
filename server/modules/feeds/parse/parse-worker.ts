// A worker thread's entry: parses one feed body off the main thread (see parse-off-thread.ts).
import { parentPort, workerData } from "node:worker_threads";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";
import type { ParseJob, ParseOutcome } from "./parse-off-thread.ts";

const job = workerData as ParseJob;
let outcome: ParseOutcome;
try {
  const items = parseFeed(job.body, { fetchedAt: new Date(job.fetchedAt), baseUrl: job.baseUrl });
  outcome = { items: newestItems(items, job.keep) };
} catch (error) {
  outcome =
    error instanceof FeedParseError ? { parseError: error.reason } : { failure: (error as Error).message ?? "unknown" };
}
parentPort?.postMessage(outcome);
