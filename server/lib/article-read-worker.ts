// A worker thread's entry: reads one page's article off the main thread (see article-page.ts).
import { parentPort, workerData } from "node:worker_threads";
import { type ReadOptions, readArticle } from "./article-read.ts";

const { html, pageUrl, options } = workerData as { html: string; pageUrl: string; options: ReadOptions };
parentPort?.postMessage(readArticle(html, pageUrl, options));
