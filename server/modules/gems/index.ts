export type { PredictionRow } from "./presenter.ts";
export { pageCursor, parsePageCursor, presentPrediction } from "./presenter.ts";
export type { Resolution } from "./resolution.ts";
export { resolveDuePredictions } from "./resolution.ts";
export { gemsRoutes } from "./routes.ts";
