import type { FastifyInstance } from "fastify";
import { unauthenticated } from "../errors.ts";

/**
 * What a visitor may still reach with ACCESS_MODE=members: health, signing in and up,
 * what the legal pages show (site settings), and reporting a page view. Matched against
 * the route the router chose, never the raw URL, so encodings (`/%61pi/…`) and
 * absolute-form request lines cannot slip past.
 */
const OPEN_ROUTES = new Set([
  "/api/health",
  "/api/site",
  "/api/me",
  "/api/auth/signup",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/admin/login",
  // Views of the sign-in and legal pages count too; the call reveals nothing.
  "/api/analytics/pageview",
]);

/**
 * ACCESS_MODE=members puts every other API call and Gemwire's published feed behind
 * sign-in, on the server; the web app's pages themselves stay reachable so people can
 * sign in and read the legal pages.
 */
export function registerAccessMode(app: FastifyInstance): void {
  if (app.config.accessMode !== "members") return;
  app.addHook("onRequest", async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined) return; // no route matched: a 404 or the web app's pages
    const guarded = route.startsWith("/api") || route.startsWith("/feeds/");
    if (!guarded || OPEN_ROUTES.has(route)) return;
    if (!request.member && !request.isAdmin) throw unauthenticated();
  });
}
