export type { FeedDefinition } from "./catalog.ts";
export { feedCatalog } from "./catalog.ts";
export type { StoredArticle } from "./presenter.ts";
export { presentArticle, uniqueByLink } from "./presenter.ts";
export type { ArticleRow, Cursor, FeedRow } from "./repository.ts";
export {
  bringFeedRefreshForward,
  countArticlesByFeed,
  findArticleByLink,
  getFeedStatus,
  listArticles,
  listFeedStatuses,
  MIN_ITEMS_KEPT,
  pruneArticles,
  recordFeedFailure,
  recordFeedSuccess,
  upsertArticles,
} from "./repository.ts";
export { hostOf, presentComputedFeedStatus, presentFeedStatus, redactAddresses } from "./status-presenter.ts";
export type { VoteTally } from "./tallies.ts";
export { NO_VOTES, tallyArticles } from "./tallies.ts";
export type { VisibleFeeds } from "./visible-feeds.ts";
export {
  BUILT_IN_FEED_KEYS,
  followedKeys,
  isMemberFeedKey,
  PUBLIC_FEEDS,
  visibleFeedKeys,
  visibleFeedsOf,
  visibleFeedsSql,
} from "./visible-feeds.ts";
