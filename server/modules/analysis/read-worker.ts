// A worker thread's entry, for article analysis (see service.ts): given a blog post's
// paragraphs, chooses their key points. Splitting and ranking a long text's sentences
// takes a good part of a second, which must not hold up the server. Pages are read, and
// their key points chosen, by the reader's worker (modules/reader/read-worker.ts).
import { parentPort, workerData } from "node:worker_threads";
import { keyPoints } from "../../lib/text/key-points.ts";

const job = workerData as { paragraphs: string[]; lang: string };
parentPort?.postMessage({ keyPoints: keyPoints(job.paragraphs, job.lang) });
