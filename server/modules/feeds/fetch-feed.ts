import { type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";

/** A feed fetch makes 3 attempts, the first retry after 2000 ms, each next wait 1.5 times longer. */
export const FETCH_ATTEMPTS = 3;
export const FIRST_BACKOFF_MS = 2_000;
export const BACKOFF_MULTIPLIER = 1.5;

export type Validators = { etag: string | null; lastModified: string | null };

export type FeedFetchResult =
  | { kind: "not-modified" }
  /** The body as fetched: it is decoded (outbound/charset.ts) where it is parsed, off the main thread when big. */
  | { kind: "fetched"; body: Uint8Array; contentType: string | null; url: string; validators: Validators };

/** The message when the direct fetch and every relay failed. */
export const ALL_PROXIES_FAILED = "All proxies failed";

/**
 * Every route to the feed failed. Without relays the message is the last error; when
 * relays were tried too it is exactly 'All proxies failed', and `detail` holds the last error.
 */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = "FeedFetchError";
  }
}

export type FetchFeedOptions = {
  relays?: readonly string[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
};

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

/** Waits between attempts; a stop (abort) ends the wait at once. */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Statuses worth asking again: the server may answer next time. */
const retryable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

function describeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Fetches a feed: directly, with conditional GET and retries; then through each relay in
 * order (the relay's address with the feed's address URL-encoded after it). A 304 keeps
 * what is stored. Addresses refused by the guarded client are never handed to a relay.
 */
export async function fetchFeed(
  fetcher: GuardedFetch,
  url: string,
  validators: Validators,
  { relays = [], sleep = defaultSleep, signal }: FetchFeedOptions = {},
): Promise<FeedFetchResult> {
  const conditional: Record<string, string> = { accept: ACCEPT };
  if (validators.etag) conditional["if-none-match"] = validators.etag;
  if (validators.lastModified) conditional["if-modified-since"] = validators.lastModified;

  let lastError: string | undefined;
  let delay = FIRST_BACKOFF_MS;
  for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
    try {
      const response = await fetcher(url, { headers: conditional, signal });
      if (response.status === 304) return { kind: "not-modified" };
      if (response.status >= 200 && response.status < 300) {
        return {
          kind: "fetched",
          body: response.body,
          contentType: response.headers["content-type"] ?? null,
          url: response.url,
          validators: { etag: response.headers.etag ?? null, lastModified: response.headers["last-modified"] ?? null },
        };
      }
      lastError = `HTTP ${response.status} from ${describeHost(url)}`;
      if (!retryable(response.status)) break;
    } catch (error) {
      if (error instanceof OutboundError && (error.code === "blocked_address" || error.code === "bad_url")) {
        throw new FeedFetchError(error.message);
      }
      if ((error as Error).name === "AbortError") throw error;
      lastError = (error as Error).message;
      if (error instanceof OutboundError && (error.code === "too_large" || error.code === "bad_encoding")) break;
    }
    if (attempt < FETCH_ATTEMPTS) {
      await sleep(delay, signal);
      delay *= BACKOFF_MULTIPLIER;
    }
  }

  for (const relay of relays) {
    try {
      const response = await fetcher(`${relay}${encodeURIComponent(url)}`, { headers: { accept: ACCEPT }, signal });
      if (response.status >= 200 && response.status < 300) {
        return {
          kind: "fetched",
          body: response.body,
          contentType: response.headers["content-type"] ?? null,
          url,
          validators: { etag: null, lastModified: null },
        };
      }
      lastError = `HTTP ${response.status} from relay ${describeHost(relay)}`;
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      lastError = `Relay ${describeHost(relay)}: ${(error as Error).message}`;
    }
  }
  if (relays.length > 0) throw new FeedFetchError(ALL_PROXIES_FAILED, lastError ?? null);
  throw new FeedFetchError(lastError ?? ALL_PROXIES_FAILED);
}
