import { decodeText } from "../outbound/charset.ts";
import {
  createGuardedFetch,
  type FetchedResponse,
  type GuardedFetch,
  type GuardedFetchOptions,
  OutboundError,
} from "../outbound/guarded-fetch.ts";
import type { PageArticle, ReadOptions } from "./article-read.ts";
import { OneAtATime } from "./one-at-a-time.ts";
import { runWorker, WorkerStopped, workerBeside } from "./worker.ts";

/*
 * One web page's article, fetched and read: what the blog form's Extract and article
 * analysis share. The page is fetched in the main thread through the guarded client and
 * read by Readability in a worker thread (docs/decisions/016). Failures come back as
 * plain reasons; each caller words its own message around them.
 */

export type { PageArticle };

/** What a page fetch may take: one web page, small, quickly. */
export const PAGE_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };
/**
 * A page is read in a worker thread with its own limits: a 1.4 MB page takes ~1.5 s and
 * ~60 MB; a page that needs more is given up, and the server goes on.
 */
export const READ_LIMITS = {
  deadlineMs: 15_000,
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
};
/**
 * One page read at a time in the process, Extract's and analyses' together: each worker's
 * DOM is the memory-hungry part. The admin's Extract goes before any analysis waiting, so
 * visitors' analyses never hold it up.
 */
const reading = new OneAtATime();
const readWorker = workerBeside(import.meta.url, "article-read-worker");

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;

type Unreadable = { unreadable: string };

/**
 * Why a page could not be read: the address's fault (400) or the page's (502), in plain
 * words. `privateAddress` marks an address in a private or local network, which each
 * caller words its own way (only Extract may be let reach one).
 */
export class UnreadablePage extends Error {
  constructor(
    readonly status: 400 | 502,
    readonly reason: string,
    readonly privateAddress = false,
  ) {
    super(reason);
    this.name = "UnreadablePage";
  }
}

/** A guarded client for pages, with PAGE_FETCH's limits (which the failure reasons quote). */
export function createPageFetch(options: Omit<GuardedFetchOptions, "timeoutMs" | "maxBytes"> = {}): GuardedFetch {
  return createGuardedFetch({ ...options, ...PAGE_FETCH });
}

/** A fetched page's HTML, as text, and the address it finally came from. */
export type FetchedPage = { html: string; url: string };

/**
 * Fetches the page at `url` through `fetcher` (made by createPageFetch): an HTML page that
 * answered 2xx, decoded by the charset it declares. Throws UnreadablePage otherwise.
 */
export async function fetchPage(fetcher: GuardedFetch, url: string): Promise<FetchedPage> {
  const host = new URL(url).host;
  let page: FetchedResponse;
  try {
    page = await fetcher(url, { headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" } });
  } catch (error) {
    throw fetchFailure(error, host);
  }
  if (page.status < 200 || page.status > 299) {
    const notFound = page.status === 404 || page.status === 410 ? " (not found)" : "";
    throw new UnreadablePage(502, `${host} answered HTTP ${page.status}${notFound}`);
  }
  const type = (page.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type ? !HTML_TYPES.test(type) : !looksLikeHtml(page.body)) {
    throw new UnreadablePage(502, `it is not a web page (${type || "unknown type"})`);
  }
  const html = decodeText(page.body, withHtmlCharset(page.headers["content-type"], page.body));
  return { html, url: page.url };
}

/**
 * Reads a fetched page's article in a worker thread, one page at a time, ahead of the
 * analyses waiting (Extract's read). Throws UnreadablePage.
 */
export async function readPage(page: FetchedPage, options: ReadOptions = {}): Promise<PageArticle> {
  return (await readIn<{ article: PageArticle }>(readWorker, page, options, true)).article;
}

/**
 * Runs `worker` (a worker entry that reads the page as article-read-worker.ts does, and
 * may work on the text further) on a fetched page, in the same one-at-a-time queue and
 * limits. The worker posts its answer or `{ unreadable }`; the latter throws UnreadablePage.
 */
export async function readPageIn<T extends object>(
  worker: URL,
  page: FetchedPage,
  options: ReadOptions = {},
): Promise<T> {
  return readIn<T>(worker, page, options, false);
}

async function readIn<T extends object>(worker: URL, page: FetchedPage, options: ReadOptions, first: boolean) {
  const read = () => readOffThread<T>(worker, page, options);
  const outcome = await (first ? reading.runFirst(read) : reading.run(read));
  if ("unreadable" in outcome) throw new UnreadablePage(502, outcome.unreadable);
  return outcome;
}

async function readOffThread<T>(worker: URL, page: FetchedPage, options: ReadOptions): Promise<T | Unreadable> {
  try {
    return await runWorker<T | Unreadable>(worker, {
      workerData: { html: page.html, pageUrl: page.url, options },
      ...READ_LIMITS,
    });
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error;
    if (error.reason === "deadline")
      return { unreadable: `it took longer than ${READ_LIMITS.deadlineMs / 1000} seconds to read` };
    if (error.reason === "out_of_memory") return { unreadable: "it needs more memory to read than Gemwire allows" };
    return { unreadable: "its HTML could not be read" };
  }
}

function fetchFailure(error: unknown, host: string): UnreadablePage {
  if (!(error instanceof OutboundError)) return new UnreadablePage(502, `${host} could not be reached`);
  switch (error.code) {
    case "bad_url":
      return new UnreadablePage(400, error.message.charAt(0).toLowerCase() + error.message.slice(1));
    case "blocked_address":
      return new UnreadablePage(
        400,
        "the address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it)",
        true,
      );
    case "refused_url":
      return new UnreadablePage(400, error.message);
    case "timeout":
      return new UnreadablePage(502, `${host} did not answer within ${PAGE_FETCH.timeoutMs / 1000} seconds`);
    case "too_large":
      return new UnreadablePage(502, `it is larger than ${PAGE_FETCH.maxBytes / 1024 / 1024} MB`);
    case "too_many_redirects":
      return new UnreadablePage(502, `${host} redirected too many times`);
    case "redirect_refused":
      return new UnreadablePage(502, `${host} answered with a redirect Gemwire does not follow`);
    case "bad_encoding":
      return new UnreadablePage(502, `${host} sent it in an encoding Gemwire cannot read`);
    default:
      if (/ENOTFOUND|EAI_AGAIN/.test(error.message))
        return new UnreadablePage(502, `the address ${host} could not be found`);
      if (/ECONNREFUSED/.test(error.message)) return new UnreadablePage(502, `${host} refused the connection`);
      return new UnreadablePage(502, `${host} could not be reached`);
  }
}

const SPACE = /\s*/y;
const HTML_START = /<(?:!doctype\s+html|html|head|body)\b/iy;

/**
 * Whether a body sent without a Content-Type starts like an HTML page, after any blank
 * space and comments. A loop, not one regular expression: a nested repetition over
 * comments backtracks exponentially on a run of empty ones ("<!---->" × 30 + "x").
 */
export function looksLikeHtml(body: Buffer): boolean {
  const head = body.subarray(0, 1024).toString("latin1");
  let at = 0;
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.test(head);
    at = SPACE.lastIndex;
    if (!head.startsWith("<!--", at)) break;
    const end = head.indexOf("-->", at + 4);
    if (end < 0) return false;
    at = end + 3;
  }
  HTML_START.lastIndex = at;
  return HTML_START.test(head);
}

/** The charset a page declares in a <meta> when its HTTP header names none. */
function withHtmlCharset(contentType: string | undefined, body: Buffer): string | undefined {
  if (/;\s*charset\s*=/i.test(contentType ?? "")) return contentType;
  const head = body.subarray(0, 2048).toString("latin1");
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return declared ? `text/html; charset=${declared}` : contentType;
}
