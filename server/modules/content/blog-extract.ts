import { AppError } from "../../errors.ts";
import { OneAtATime } from "../../lib/one-at-a-time.ts";
import { runWorker, WorkerStopped, workerBeside } from "../../lib/worker.ts";
import { decodeText } from "../../outbound/charset.ts";
import { type FetchedResponse, type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";
import type { Extracted, ReadOutcome } from "./blog-read.ts";

export type { Extracted };

/** What Extract fetches: one web page, small, quickly. */
export const EXTRACT_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };
/**
 * A page is read in a worker thread with its own limits: a 1.4 MB page takes ~1.5 s and
 * ~60 MB; a page that needs more is given up, and the server goes on.
 */
export const READ_LIMITS = {
  deadlineMs: 15_000,
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
};
/** One page read at a time in the process: each worker's DOM is the memory-hungry part. */
const reading = new OneAtATime();
const readWorker = workerBeside(import.meta.url, "blog-read-worker");

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;

const cannotRead = (status: number, why: string) =>
  new AppError(status, status === 400 ? "invalid_request" : "bad_gateway", `Could not read that page: ${why}`);

/**
 * Spec §5 blog form 'Extract': fetches the page at `url` through the guarded client and
 * returns its article as the blog form's fields: title, excerpt, plain-text paragraphs,
 * the lead image (og:image) and the author, extracted by Mozilla's Readability.
 */
export async function extractArticle(fetcher: GuardedFetch, url: string): Promise<Extracted> {
  const page = await fetchPage(fetcher, url);
  const html = decodeText(page.body, withHtmlCharset(page.headers["content-type"], page.body));
  const outcome = await reading.run(() => readOffThread(html, page.url));
  if ("unreadable" in outcome) throw cannotRead(502, outcome.unreadable);
  return outcome.extracted;
}

async function readOffThread(html: string, pageUrl: string): Promise<ReadOutcome> {
  try {
    return await runWorker<ReadOutcome>(readWorker, { workerData: { html, pageUrl }, ...READ_LIMITS });
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error;
    if (error.reason === "deadline")
      return { unreadable: `it took longer than ${READ_LIMITS.deadlineMs / 1000} seconds to read` };
    if (error.reason === "out_of_memory") return { unreadable: "it needs more memory to read than Gemwire allows" };
    return { unreadable: "its HTML could not be read" };
  }
}

async function fetchPage(fetcher: GuardedFetch, url: string): Promise<FetchedResponse> {
  const host = new URL(url).host;
  let page: FetchedResponse;
  try {
    page = await fetcher(url, { headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" } });
  } catch (error) {
    throw fetchFailure(error, host);
  }
  if (page.status < 200 || page.status > 299) {
    const notFound = page.status === 404 || page.status === 410 ? " (not found)" : "";
    throw cannotRead(502, `${host} answered HTTP ${page.status}${notFound}`);
  }
  const type = (page.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type ? !HTML_TYPES.test(type) : !looksLikeHtml(page.body)) {
    throw cannotRead(502, `it is not a web page (${type || "unknown type"})`);
  }
  return page;
}

function fetchFailure(error: unknown, host: string): AppError {
  if (!(error instanceof OutboundError)) return cannotRead(502, `${host} could not be reached`);
  switch (error.code) {
    case "bad_url":
      return cannotRead(400, error.message.charAt(0).toLowerCase() + error.message.slice(1));
    case "blocked_address":
      return cannotRead(
        400,
        "the address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it)",
      );
    case "timeout":
      return cannotRead(502, `${host} did not answer within ${EXTRACT_FETCH.timeoutMs / 1000} seconds`);
    case "too_large":
      return cannotRead(502, `it is larger than ${EXTRACT_FETCH.maxBytes / 1024 / 1024} MB`);
    case "too_many_redirects":
      return cannotRead(502, `${host} redirected too many times`);
    case "bad_encoding":
      return cannotRead(502, `${host} sent it in an encoding Gemwire cannot read`);
    default:
      if (/ENOTFOUND|EAI_AGAIN/.test(error.message)) return cannotRead(502, `the address ${host} could not be found`);
      if (/ECONNREFUSED/.test(error.message)) return cannotRead(502, `${host} refused the connection`);
      return cannotRead(502, `${host} could not be reached`);
  }
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)\b/i.test(
    body.subarray(0, 1024).toString("latin1"),
  );
}

/** The charset a page declares in a <meta> when its HTTP header names none. */
function withHtmlCharset(contentType: string | undefined, body: Buffer): string | undefined {
  if (/;\s*charset\s*=/i.test(contentType ?? "")) return contentType;
  const head = body.subarray(0, 2048).toString("latin1");
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return declared ? `text/html; charset=${declared}` : contentType;
}
