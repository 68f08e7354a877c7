import type { InvitesTable, SessionsTable, UserSettingsTable, UsersTable } from "./schema/accounts.ts";
import type {
  ArticleVotesTable,
  FavoritesTable,
  NotificationsTable,
  ReadArticlesTable,
  UserInteractionsTable,
} from "./schema/community.ts";
import type {
  AnalysisCacheTable,
  BlogPostsTable,
  EventsTable,
  PageViewsTable,
  ReaderCacheTable,
  TrendSourcesTable,
  TrendsTable,
} from "./schema/content.ts";
import type {
  ArticlesTable,
  FeedsTable,
  MemberFeedFollowsTable,
  MemberFeedsTable,
  UserFeedSettingsTable,
} from "./schema/feeds.ts";
import type { GemsLedgerTable, PriceSnapshotsTable, UserPredictionsTable } from "./schema/market.ts";
import type {
  AppSettingsTable,
  DataVersionsTable,
  JobLeasesTable,
  JobRunsTable,
  RateLimitsTable,
} from "./schema/system.ts";

export type * from "./schema/accounts.ts";
export type * from "./schema/community.ts";
export type * from "./schema/content.ts";
export type * from "./schema/feeds.ts";
export type * from "./schema/market.ts";
export type * from "./schema/system.ts";

/**
 * Table types for Kysely, one file per area under schema/. Timestamps are epoch
 * milliseconds (UTC) in a 64-bit integer column on both dialects; see
 * docs/decisions/004-portable-column-types.md.
 */
export interface Schema {
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
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
  data_versions: DataVersionsTable;
}
