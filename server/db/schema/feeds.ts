import type { Generated } from "kysely";

/** Feeds, their articles, members' own feeds and each member's feed choice. */

export interface FeedsTable {
  key: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  /** What went wrong underneath last_error (the last error when every relay failed, a parse error's cause). */
  last_error_detail: Generated<string | null>;
  last_error_at: number | null;
  consecutive_failures: Generated<number>;
  next_fetch_at: Generated<number>;
}

export interface ArticlesTable {
  id: Generated<number>;
  feed_key: string;
  item_id: string;
  title: string;
  link: string;
  /** The feed's date; for an undated article, when Gemwire first saw it (kept for order only). */
  published_at: number;
  /** 1 when the feed gave no date (migration 024): shown as undated, never as a date. */
  undated: Generated<number>;
  description: string;
  image: string | null;
  source: string;
  creator: string;
  first_seen_at: number;
  updated_at: number;
  /**
   * The coins named in the title and description: upper-case symbols between commas,
   * most mentioned first (",BTC,SOL,"); '' for none; null until tagged (migration 018).
   */
  coins: string | null;
}

export interface UserFeedSettingsTable {
  user_id: string;
  /** JSON array of feed keys. */
  enabled_feeds: string;
  /** JSON array of feed keys. */
  feed_order: string;
  updated_at: number;
}

/** A feed a member follows (migration 020): one row per address, shared by its followers. */
export interface MemberFeedsTable {
  /** "mf-" and 12 hex digits of the normalised address's hash (contracts/reading-catalog.ts MEMBER_FEED_KEY). */
  key: string;
  url: string;
  title: string;
  created_at: number;
}

export interface MemberFeedFollowsTable {
  user_id: string;
  feed_key: string;
  /** The page the member pasted, when the feed was found on it. */
  site_url: string | null;
  added_at: number;
}
