/* Feed settings rules, free of zod so the web app shares them without the schema library. */
import { type FeedKey, feedKeys } from "./feed-catalog.ts";

/** The feeds a newcomer sees, and in which order. */
export const DEFAULT_ENABLED_FEEDS: readonly FeedKey[] = ["bitcoin", "gemwire", "news", "market", "search"];
export const DEFAULT_FEED_ORDER: readonly FeedKey[] = ["gemwire", "bitcoin", "news", "market", "search"];
/** Degen mode enables all 11 feeds in this order. */
export const DEGEN_FEED_ORDER: readonly FeedKey[] = [
  "gemwire",
  "animalmemes",
  "bitcoin",
  "news",
  "market",
  "search",
  "xfeed",
  "nftart",
  "instagram",
  "tiktok",
  "youtube",
];
/** The bitcoin feed is always enabled, whatever is sent. */
export const ALWAYS_ENABLED: FeedKey = "bitcoin";

export type FeedSettings = { degenMode: boolean; enabledFeeds: FeedKey[]; feedOrder: FeedKey[] };

/**
 * Degen on enables every feed in the degen order; off, the 5 defaults in the
 * default order. Enabled feeds are always listed in feed order.
 */
export function feedSettingsForDegen(degenMode: boolean): FeedSettings {
  return degenMode
    ? { degenMode, ...normaliseFeedChoice(DEGEN_FEED_ORDER, DEGEN_FEED_ORDER) }
    : { degenMode, ...normaliseFeedChoice(DEFAULT_ENABLED_FEEDS, DEFAULT_FEED_ORDER) };
}

/**
 * Cleans a feed choice: known keys only, each once, bitcoin always in; the order lists
 * every feed exactly once (the given order first, then the rest in catalog order).
 */
export function normaliseFeedChoice(
  enabled: readonly string[],
  order: readonly string[],
): Pick<FeedSettings, "enabledFeeds" | "feedOrder"> {
  const known = (keys: readonly string[]) =>
    [...new Set(keys)].filter((key): key is FeedKey => (feedKeys as readonly string[]).includes(key));
  const enabledFeeds = known([...enabled, ALWAYS_ENABLED]);
  const feedOrder = known([...order, ...feedKeys]);
  return { enabledFeeds: feedOrder.filter((key) => enabledFeeds.includes(key)), feedOrder };
}
