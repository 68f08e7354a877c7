export { COIN_LIST_FETCH, CoinList } from "./coin-list.ts";
export { pruneOutcomes } from "./repository.ts";
export { analysisRoutes, pageAsker } from "./routes.ts";
