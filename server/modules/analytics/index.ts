export { analyticsRoutes } from "./routes.ts";
