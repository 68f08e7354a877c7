// A worker thread's entry: reads one page's article off the main thread (see blog-extract.ts).
import { parentPort, workerData } from "node:worker_threads";
import { readArticle } from "./blog-read.ts";

const { html, pageUrl } = workerData as { html: string; pageUrl: string };
parentPort?.postMessage(readArticle(html, pageUrl));
