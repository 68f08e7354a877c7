import type { FastifyInstance } from "fastify";
import { unauthenticated } from "../errors.ts";

/** What a visitor may still reach with ACCESS_MODE=members: how to sign in, and the basics. */
const OPEN_PATHS = [
  "/api/health",
  "/api/site",
  "/api/me",
  "/api/auth/",
  "/api/admin/login",
  "/api/openapi.json",
  "/api/docs",
];

/**
 * ACCESS_MODE=members puts every API call and Gemwire's published feed behind sign-in,
 * on the server; the web app's pages themselves (and the legal pages) stay reachable.
 */
export function registerAccessMode(app: FastifyInstance): void {
  if (app.config.accessMode !== "members") return;
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0] ?? "";
    const guarded = path.startsWith("/api/") || path.startsWith("/feeds/");
    if (
      !guarded ||
      OPEN_PATHS.some(
        (open) => path === open || (open.endsWith("/") && path.startsWith(open)) || path.startsWith(`${open}/`),
      )
    )
      return;
    if (!request.member && !request.isAdmin) throw unauthenticated();
  });
}
