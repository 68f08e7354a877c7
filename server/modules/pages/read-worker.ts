// A worker thread's entry (see page-reads.ts): reads one page once for the reader view and
// the analysis together: the article's running text, its key points, the reader view's
// blocks, and whether it looks paywalled. Parsing and ranking a big page takes a second or
// two, which must not hold up the server.
import { parentPort, workerData } from "node:worker_threads";
import { readArticle } from "../../lib/article-read.ts";
import { keyPoints } from "../../lib/text/key-points.ts";
import { paywallReason } from "./paywall.ts";
import type { PageRead } from "./repository.ts";

const { html, pageUrl } = workerData as { html: string; pageUrl: string };
const outcome = readArticle(html, pageUrl, { bodyOnly: true, view: true });
if ("unreadable" in outcome || !outcome.view) {
  parentPort?.postMessage("unreadable" in outcome ? outcome : { unreadable: "its HTML could not be read" });
} else {
  const { article, view } = outcome;
  const read: PageRead = {
    article,
    keyPoints: keyPoints(article.paragraphs, article.lang),
    view,
    paywall: paywallReason(html, article),
  };
  parentPort?.postMessage({ read });
}
