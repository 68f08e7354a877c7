import { AppError } from "../../errors.ts";
import type { FeedText } from "../../lib/feed-reader/feed-text.ts";
import { readJsonFeedTitle } from "../../lib/feed-reader/json-feed.ts";
import { fieldText } from "../../lib/feed-reader/normalise.ts";
import { parseNewestItems } from "../../lib/feed-reader/parse-off-thread.ts";
import { FeedParseError } from "../../lib/feed-reader/raw-item.ts";
import { readXmlFeedTitle } from "../../lib/feed-reader/xml-feed.ts";
import { decodeText } from "../../outbound/charset.ts";
import { type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";
import { hostOf } from "../articles/index.ts";
import { AddressRefused, normaliseAddress } from "./address.ts";
import { discoverFeedLinks, looksLikeHtml } from "./discover.ts";
import { memberFeedFailure } from "./fetch.ts";

/** A feed found at a member's address: what is stored and shared by its followers. */
export type ResolvedFeed = {
  url: string;
  siteUrl: string | null;
  title: string;
  /** Where the feed finally answered from, after redirects. */
  answeredFrom?: string;
};

/**
 * Why an address cannot be followed, in plain words: 400 when the address itself is
 * refused (not http(s), private), 422 when it was fetched but gave no feed.
 */
export class FeedRefused extends AppError {
  constructor(status: 400 | 422, message: string) {
    super(status, "invalid_request", message);
    this.name = "FeedRefused";
  }
}

/** Feed links tried on a page, in its order: the first that answers a feed is followed. */
const LINKS_TRIED = 3;
/** A title is in a feed's first lines; reading only these keeps a big feed cheap. */
const TITLE_CHARS = 64 * 1024;
const MAX_TITLE = 200;

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5";

type Fetched = { url: string; body: Uint8Array; contentType: string | null };

/** One GET, no retries: a member is waiting. Failures become the feed status's plain words. */
async function fetchOnce(fetcher: GuardedFetch, address: string, signal?: AbortSignal): Promise<Fetched> {
  let response: Awaited<ReturnType<GuardedFetch>>;
  try {
    response = await fetcher(address, { headers: { accept: ACCEPT }, signal });
  } catch (error) {
    // Stopped by the caller (an import out of time): not the address's fault.
    if (signal?.aborted) throw error;
    const message = (error as Error).message;
    const refused =
      error instanceof OutboundError && ["blocked_address", "bad_url", "refused_url"].includes(error.code);
    const words = memberFeedFailure(message, null, hostOf(address));
    throw new FeedRefused(refused ? 400 : 422, `That address did not answer: ${words}`);
  }
  if (response.status < 200 || response.status > 299) {
    const words = memberFeedFailure(`HTTP ${response.status} from ${hostOf(address)}`, null, hostOf(address));
    throw new FeedRefused(422, `That address did not answer a feed: ${words}`);
  }
  return { url: response.url, body: response.body, contentType: response.headers["content-type"] ?? null };
}

/**
 * The feed's own title (RSS channel, Atom feed, RSS 1.0 channel, JSON Feed), or its host
 * when it has none or it is not in the first TITLE_CHARS (a long DOCTYPE, say).
 */
export function feedTitle(text: string, address: string): string {
  let title: FeedText | undefined;
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("{")) {
    try {
      title = readJsonFeedTitle(JSON.parse(start));
    } catch {
      // Parsed as a feed already; a title is a nicety.
    }
  } else {
    try {
      title = readXmlFeedTitle(start.slice(0, TITLE_CHARS));
    } catch {
      // The feed parsed whole; its first part alone may not (a DOCTYPE cut short).
    }
  }
  const plain = fieldText(title, MAX_TITLE, { line: true }).trim();
  return plain || new URL(address).hostname.replace(/^www\./, "");
}

/** Whether a fetched body is a feed Gemwire reads; its title when it is. */
async function asFeed(fetched: Fetched, address: string, signal?: AbortSignal): Promise<string | null> {
  const text = decodeText(fetched.body, fetched.contentType);
  try {
    await parseNewestItems(
      { body: fetched.body, contentType: fetched.contentType, fetchedAt: Date.now(), baseUrl: fetched.url, keep: 1 },
      signal,
    );
  } catch (error) {
    if (error instanceof FeedParseError) return null;
    throw error;
  }
  return feedTitle(text, address);
}

/**
 * What a member's address leads to: the feed itself (RSS, Atom, JSON Feed), or, for a web
 * page, the first of its `<link rel="alternate">` feeds that answers one. Everything is
 * fetched through the guarded client; nothing is stored here.
 */
export async function resolveFeed(fetcher: GuardedFetch, address: string, signal?: AbortSignal): Promise<ResolvedFeed> {
  let url: string;
  try {
    url = normaliseAddress(address);
  } catch (error) {
    if (error instanceof AddressRefused) throw new FeedRefused(400, error.message);
    throw error;
  }
  const fetched = await fetchOnce(fetcher, url, signal);
  const text = decodeText(fetched.body, fetched.contentType);
  if (!looksLikeHtml(fetched.contentType, text)) {
    const title = await asFeed(fetched, url, signal);
    if (title === null) throw new FeedRefused(422, "That address did not answer a feed");
    return { url, siteUrl: null, title, answeredFrom: fetched.url };
  }
  const links = discoverFeedLinks(text, fetched.url);
  if (links.length === 0) throw new FeedRefused(422, "That page has no feed link");
  let last: FeedRefused | undefined;
  for (const link of links.slice(0, LINKS_TRIED)) {
    let feedUrl: string;
    try {
      feedUrl = normaliseAddress(link);
    } catch {
      continue;
    }
    try {
      const feed = await fetchOnce(fetcher, feedUrl, signal);
      const title = await asFeed(feed, feedUrl, signal);
      if (title !== null) return { url: feedUrl, siteUrl: url, title, answeredFrom: feed.url };
      last = new FeedRefused(422, "That page's feed link did not answer a feed");
    } catch (error) {
      if (!(error instanceof FeedRefused)) throw error;
      last = error;
    }
  }
  throw last ?? new FeedRefused(422, "That page's feed link did not answer a feed");
}
