import type { Generated } from "kysely";

/**
 * Table types for Kysely. Timestamps are epoch milliseconds (UTC) in a 64-bit integer
 * column on both dialects; see docs/decisions/004-portable-column-types.md.
 */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

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
  published_at: number;
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

export interface UsersTable {
  id: string;
  handle: string;
  handle_key: string;
  password_hash: string;
  email: string | null;
  username: string | null;
  avatar: string | null;
  created_at: number;
  deleted_at: number | null;
  /** Cached sum of the member's gems_ledger rows (migration 009); never negative. */
  gems_balance: Generated<number>;
  /** The number of the member's latest notification (migration 010). */
  notification_seq: Generated<number>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string | null;
  /** 0 or 1: portable across both databases. */
  is_admin: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface InvitesTable {
  id: string;
  code_hash: string;
  hint: string;
  note: string | null;
  created_at: number;
  expires_at: number | null;
  used_at: number | null;
  used_by: string | null;
  revoked_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface UserSettingsTable {
  user_id: string;
  degen_mode: number;
  /** 1: lists show every article instead of folding each story's (migration 017). */
  show_every_article: Generated<number>;
  updated_at: number;
}

/** The article links a member has opened (migration 017), bounded per member. */
export interface ReadArticlesTable {
  user_id: string;
  link: string;
  read_at: number;
}

export interface UserFeedSettingsTable {
  user_id: string;
  /** JSON array of feed keys. */
  enabled_feeds: string;
  /** JSON array of feed keys. */
  feed_order: string;
  updated_at: number;
}

export type VoteDirection = "up" | "down";

export interface ArticleVotesTable {
  user_id: string;
  link: string;
  direction: VoteDirection;
  created_at: number;
}

/** A member's favorite article: a snapshot taken when it was added. */
export interface FavoritesTable {
  user_id: string;
  link: string;
  item_id: string;
  title: string;
  description: string;
  image: string | null;
  source: string;
  creator: string;
  published_at: number;
  created_at: number;
}

/** One recorded price of a built-in token, per minute (migration 008). */
export interface PriceSnapshotsTable {
  symbol: string;
  /** The minute, epoch ms (a multiple of 60000). */
  taken_at: number;
  usd: number;
}

export type GemsLedgerKind = "grant" | "stake" | "payout" | "refund";

/** One change of a member's GEMS (migration 009): stakes negative, the rest positive. */
export interface GemsLedgerTable {
  id: string;
  user_id: string;
  amount: number;
  kind: GemsLedgerKind;
  /** Its cause: 'signup' or 'prediction:<id>'; unique per kind and member. */
  reference: string;
  created_at: number;
}

/** Spec §3 user_predictions (migration 009). */
export interface UserPredictionsTable {
  id: string;
  user_id: string;
  token: string;
  direction: "up" | "down";
  /** The predicted move in hundredths of a percent (1.25 % is 125). */
  percentage: number;
  time_frame: string;
  wager: number;
  status: "active" | "won" | "lost" | "void";
  created_at: number;
  completed_at: number | null;
  ends_at: number;
  entry_usd: number;
  entry_source: string;
  entry_at: number;
  exit_usd: number | null;
  exit_source: string | null;
  exit_at: number | null;
  /** GEMS credited on a win or refunded on a void. */
  payout: number | null;
  note: string | null;
}

/** Spec §3 user_interactions: a comment (migration 010). */
export interface UserInteractionsTable {
  id: string;
  user_id: string;
  /** The article's link or the blog post's url. */
  content_id: string;
  /** The article's title when the comment was written. */
  content_title: string | null;
  interaction_type: "comment";
  content: string;
  created_at: number;
  edited_at: number | null;
}

export type NotificationKind = "comment" | "mention" | "prediction";

/** Spec §3 Notification (migration 010): numbered per member by users.notification_seq. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  seq: number;
  kind: NotificationKind;
  title: string;
  description: string;
  /** Where clicking it goes, a path on this site. */
  target: string | null;
  /** What made it: 'comment:<id>' or 'prediction:<id>'; unique per member. */
  cause: string;
  /** Who made it: the commenter (migration 012); null for a prediction's outcome. */
  actor_id: string | null;
  read_at: number | null;
  created_at: number;
}

/** Spec §3 Event (migration 013). */
export interface EventsTable {
  id: string;
  title: string;
  description: string;
  start_date: number;
  end_date: number;
  city: string;
  country: string;
  website: string;
  image_url: string | null;
  created_at: number;
  updated_at: number;
}

/** Spec §3 Blog post (migration 013); its url is /blog/<slug>. */
export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  date: number;
  /** JSON array of strings. */
  tags: string;
  image: string | null;
  created_at: number;
  updated_at: number;
}

/** Article analyses and page failures per address, kept a while (migration 015). */
export interface ReaderCacheTable {
  url: string;
  /** JSON: {"read": …} (article, key points, blocks) or {"failure": {"status", "reason"}}. */
  outcome: string;
  created_at: number;
  expires_at: number;
}

export interface AnalysisCacheTable {
  url: string;
  /** JSON: {"analysis": …} or {"failure": {"status", "message"}}. */
  outcome: string;
  created_at: number;
  expires_at: number;
}

/** Page views per UTC day and route pattern (migration 014). */
export interface PageViewsTable {
  day: string;
  route: string;
  views: number;
}

/** A trend as read from one source on one day (migration 016). */
export interface TrendsTable {
  /** A country code, or 'realtime'. */
  source: string;
  /** The title in lower case: one row per source, title and day. */
  title_key: string;
  /** The UTC day of pub_date, YYYY-MM-DD. */
  day: string;
  country: string;
  title: string;
  traffic: string;
  traffic_number: number;
  picture: string | null;
  picture_source: string | null;
  /** A JSON array of {title, url, source}. */
  news_items: string;
  pub_date: number;
  fetched_at: number;
}

/** Each trends source's last read (migration 016). */
export interface TrendSourcesTable {
  source: string;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
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

export interface Schema {
  job_leases: JobLeasesTable;
  feeds: FeedsTable;
  articles: ArticlesTable;
  users: UsersTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  rate_limits: RateLimitsTable;
  app_settings: AppSettingsTable;
  user_settings: UserSettingsTable;
  user_feed_settings: UserFeedSettingsTable;
  article_votes: ArticleVotesTable;
  favorites: FavoritesTable;
  read_articles: ReadArticlesTable;
  price_snapshots: PriceSnapshotsTable;
  gems_ledger: GemsLedgerTable;
  user_predictions: UserPredictionsTable;
  user_interactions: UserInteractionsTable;
  notifications: NotificationsTable;
  events: EventsTable;
  blog_posts: BlogPostsTable;
  page_views: PageViewsTable;
  trends: TrendsTable;
  trend_sources: TrendSourcesTable;
  analysis_cache: AnalysisCacheTable;
  member_feeds: MemberFeedsTable;
  member_feed_follows: MemberFeedFollowsTable;
  reader_cache: ReaderCacheTable;
}
