export { presentSiteConfig } from "./presenter.ts";
export { siteRoutes } from "./routes.ts";
