export { runCoinBackfill } from "./coin-backfill.ts";
export { publishRoutes } from "./publish-routes.ts";
export type { RefreshContext } from "./refresh.ts";
export { REFRESH_CONCURRENCY, refreshDueFeeds } from "./refresh.ts";
export { feedRoutes } from "./routes.ts";
export type { Sources } from "./sources.ts";
export { resolveSources } from "./sources.ts";
