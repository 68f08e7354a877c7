import { decodeText } from "../../outbound/charset.ts";
import { type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";
import { plainFeedError } from "../../outbound/plain-errors.ts";
import { parseRealtimeTrends } from "./parse-realtime.ts";
import { parseTrendsRss } from "./parse-rss.ts";
import type { TrendSource } from "./sources.ts";
import { type SourceRead, TrendsFormatError } from "./trend-fields.ts";

/** A source could not be read; the message is plain words for the page, without the address. */
export class TrendsSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TrendsSourceError";
  }
}

const ACCEPT = {
  rss: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
  realtime: "application/json, text/plain;q=0.9, */*;q=0.5",
};

/** Stored reasons stay short whatever an error says. */
const MAX_REASON = 300;

/**
 * Why a read failed in plain words: the host and what went wrong, never the whole address
 * (an operator's URL may carry a key in its query).
 */
export function plainReason(error: unknown, host: string): string {
  let reason: string;
  if (error instanceof OutboundError && error.code === "bad_url") reason = "The trends address is not valid.";
  else if (error instanceof OutboundError || error instanceof TrendsFormatError || error instanceof TrendsSourceError) {
    reason = plainFeedError(error.message, null, host);
  } else reason = `${host} could not be read.`;
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
}

/** Fetches one source through the guarded client and reads its trends; throws a TrendsSourceError with plain words. */
export async function readSource(
  fetcher: GuardedFetch,
  source: TrendSource,
  { signal, ...options }: { fetchedAt: Date; ownOrigin?: string; signal?: AbortSignal },
): Promise<SourceRead> {
  const host = new URL(source.url).host;
  try {
    const response = await fetcher(source.url, { headers: { accept: ACCEPT[source.format] }, signal });
    if (response.status < 200 || response.status >= 300) {
      throw new TrendsSourceError(`HTTP ${response.status} from ${host}`);
    }
    const body = decodeText(response.body, response.headers["content-type"]);
    const read = { country: source.country, ...options };
    return source.format === "rss" ? parseTrendsRss(body, read) : parseRealtimeTrends(body, read);
  } catch (error) {
    throw new TrendsSourceError(plainReason(error, host), { cause: error });
  }
}
