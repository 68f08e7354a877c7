export type { TrendsRefreshContext } from "./refresh.ts";
export { refreshDueSources } from "./refresh.ts";
export { trendsRoutes } from "./routes.ts";
export { trendSources } from "./sources.ts";
