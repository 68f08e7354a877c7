export { settingsRoutes } from "./routes.ts";
