// A worker thread's entry: reads one page's article body and chooses its key points off
// the main thread (see service.ts): splitting and ranking a long page's sentences takes
// a good part of a second, which must not hold up the server.
import { parentPort, workerData } from "node:worker_threads";
import { type ReadOptions, readArticle } from "../../lib/article-read.ts";
import { keyPoints } from "./key-points.ts";

const { html, pageUrl, options } = workerData as { html: string; pageUrl: string; options: ReadOptions };
const outcome = readArticle(html, pageUrl, options);
parentPort?.postMessage(
  "unreadable" in outcome
    ? outcome
    : { article: outcome.article, keyPoints: keyPoints(outcome.article.paragraphs, outcome.article.lang) },
);
