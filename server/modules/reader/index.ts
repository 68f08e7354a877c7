export { readerRoutes } from "./routes.ts";
