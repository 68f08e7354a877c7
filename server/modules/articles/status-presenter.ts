import type { FeedStatus } from "../../../contracts/feeds.ts";
import { plainFeedError } from "../../outbound/plain-errors.ts";
import type { FeedDefinition } from "./catalog.ts";
import type { FeedRow } from "./repository.ts";

/**
 * A feed address fit to show anyone: no credentials, no fragment, and the query string
 * only hinted at ('?…'), because relay, bridge and SOURCES_FILE addresses may carry an
 * access token there (docs/decisions/012). Not an address at all: null.
 */
export function displayAddress(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return `${url.protocol}//${url.host}${url.pathname}${url.search ? "?…" : ""}`;
}

/** Addresses inside an error message get the same treatment as a feed's own address. */
export function redactAddresses(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, (found) => displayAddress(found) ?? found);
}

const iso = (time: number | null | undefined) => (time ? new Date(time).toISOString() : null);

/** An address's host (with its port) for plain error words; "the feed's server" when it is not an address. */
export function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return "the feed's server";
  }
}

/**
 * A fetched feed's status as the API shows it, from its definition, its status row (none
 * before its first refresh) and the number of items stored.
 */
export function presentFeedStatus(
  feed: FeedDefinition & { url: string },
  row: FeedRow | undefined,
  itemCount: number,
): FeedStatus {
  const error = row?.last_error ? redactAddresses(row.last_error) : null;
  const detail = row?.last_error_detail ? redactAddresses(row.last_error_detail) : null;
  return {
    key: feed.key,
    title: feed.title,
    tags: [...feed.tags],
    lastUpdated: iso(row?.last_success_at),
    lastError: error,
    lastErrorDetail: error ? detail : null,
    lastErrorReason: error ? plainFeedError(error, detail, hostOf(feed.url)) : null,
    lastErrorAt: error ? iso(row?.last_error_at) : null,
    itemCount,
    sourceAddress: displayAddress(feed.url),
    lastAttempt: iso(row?.last_attempt_at),
    consecutiveFailures: row?.consecutive_failures ?? 0,
    nextAttempt: row ? iso(row.next_fetch_at) : null,
  };
}

/** Gemwire's own feed: computed from the others, so it has no address and never fails itself. */
export function presentComputedFeedStatus(
  feed: FeedDefinition,
  rows: readonly FeedRow[],
  itemCount: number,
): FeedStatus {
  const latest = Math.max(0, ...rows.map((row) => row.last_success_at ?? 0));
  return {
    key: feed.key,
    title: feed.title,
    tags: [...feed.tags],
    lastUpdated: iso(latest),
    lastError: null,
    lastErrorDetail: null,
    lastErrorReason: null,
    lastErrorAt: null,
    itemCount,
    sourceAddress: null,
    lastAttempt: null,
    consecutiveFailures: 0,
    nextAttempt: null,
  };
}
