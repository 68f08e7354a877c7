export { keptSince, readLinksOf } from "./repository.ts";
export { readingRoutes } from "./routes.ts";
