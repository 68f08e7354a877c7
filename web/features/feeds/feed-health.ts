import type { FeedStatus } from "../../../contracts/feeds.ts";
import { formatDate, formatDateTime, relativeTime } from "../../lib/dates.ts";

const MINUTE = 60_000;

/** The host a feed comes from, for a sentence ("bitcoinmagazine.com"); the address itself if it is not one. */
export function sourceHost(address: string | null): string | null {
  if (!address) return null;
  try {
    return new URL(address).host.replace(/^www\./, "");
  } catch {
    return address;
  }
}

export type FeedHealth = "ok" | "failing" | "waiting";

/** Failing: the last attempt failed. Waiting: never fetched yet. */
export function feedHealth(status: FeedStatus): FeedHealth {
  if (status.lastError) return "failing";
  if (!status.lastUpdated && status.key !== "gemwire") return "waiting";
  return "ok";
}

/** The clock time alone when it is today, else the date with it ('MMM d, yyyy h:mm a'). */
function clock(time: number, now: number): string {
  const full = formatDateTime(time);
  return formatDate(time) === formatDate(now) ? full.slice(full.indexOf(" ", full.indexOf(",") + 2) + 1) : full;
}

/** "in 4 min (3:05 PM)", or "any moment now" once it is due. */
export function nextTryLabel(nextAttempt: string | null, now = Date.now()): string {
  if (!nextAttempt) return "as soon as the server starts fetching";
  const at = Date.parse(nextAttempt);
  const wait = at - now;
  if (wait <= 30_000) return "any moment now";
  const minutes = Math.round(wait / MINUTE);
  const span = minutes < 60 ? `${Math.max(1, minutes)} min` : `${Math.round((minutes / 60) * 10) / 10} h`;
  return `in ${span} (${clock(at, now)})`;
}

/** "5m ago (3:00 PM)", or "never". */
export function pastLabel(time: string | null, now = Date.now()): string {
  return time ? `${relativeTime(time, now)} (${clock(Date.parse(time), now)})` : "never";
}
