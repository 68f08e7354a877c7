import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageRouteOf } from "../../contracts/pages.ts";
import { notFound } from "../errors.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * Whether a GET for `pathname` is a visit to a page of the client app. Client routes
 * may contain dots (`/token/USDC.e`, `/blog/v1.2-release`), so a dotted path is a page
 * when the browser asks for HTML; a missing script or image under it is not.
 */
function isPageVisit(pathname: string, accept: string | undefined): boolean {
  if (isApiPath(pathname) || pathname.startsWith("/assets/")) return false;
  return !path.extname(pathname) || (accept ?? "").includes("text/html");
}

/** Whether the client router has a page at `pathname` (see pageRouteOf). */
export function isPageRoute(pathname: string): boolean {
  return pageRouteOf(pathname) !== undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, and `index.html` for every
 * other GET path so the client router can take over — with 200 for the app's pages and
 * 404 for any other address (the app then shows its 404 page). Unknown `/api/*` paths
 * and missing files answer a JSON 404 instead of the page.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const built = fs.existsSync(path.join(root, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ["index.html"],
      // Source maps are for our own debugging, not for every visitor.
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath);
        reply.header("cache-control", relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") && isPageVisit(pathname, request.headers.accept);
    if (!wantsPage) {
      const what = isApiPath(pathname) ? `No API route ${request.method} ${pathname}` : "Not found";
      throw notFound(what);
    }
    if (!built) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The Gemwire web app has not been built yet. Run `npm run build` (or `npm start`, which builds it).");
    }
    return reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header("cache-control", REVALIDATE)
      .sendFile("index.html");
  });
}
