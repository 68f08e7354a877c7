// A worker thread's entry, for article analysis (see service.ts): reads one page's article
// body and chooses its key points, or, given a blog post's paragraphs, chooses theirs.
// Splitting and ranking a long text's sentences takes a good part of a second, which
// must not hold up the server.
import { parentPort, workerData } from "node:worker_threads";
import { type ReadOptions, readArticle } from "../../lib/article-read.ts";
import { keyPoints } from "./key-points.ts";

/** A page to read, or paragraphs already read (a blog post's) to rank. */
type ReadJob = { html: string; pageUrl: string; options: ReadOptions } | { paragraphs: string[]; lang: string };

const job = workerData as ReadJob;
if ("paragraphs" in job) {
  parentPort?.postMessage({ keyPoints: keyPoints(job.paragraphs, job.lang) });
} else {
  const outcome = readArticle(job.html, job.pageUrl, job.options);
  parentPort?.postMessage(
    "unreadable" in outcome
      ? outcome
      : { article: outcome.article, keyPoints: keyPoints(outcome.article.paragraphs, outcome.article.lang) },
  );
}
