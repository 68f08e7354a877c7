import type { FeedStatus } from "../../contracts/feeds.ts";

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
