import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageRouteOf } from "../../contracts/pages.ts";
import type { SiteConfig } from "../../contracts/site.ts";
import { notFound } from "../errors.ts";
import { matchesEtag } from "../lib/answer-cache.ts";

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

/** The id of the JSON data block carrying the site settings in the page (web/lib/site-config.ts reads it). */
export const SITE_CONFIG_ELEMENT = "gemwire-site";

/**
 * `index.html` with the public site settings inlined as a JSON data block, so the first
 * render knows them (the sample-mode line at the top, for one) without waiting for
 * `/api/site` — content arriving after the first render shifts the page. A data block is
 * never run, so the Content-Security-Policy needs no exception; `<` is escaped so the
 * text cannot end the element.
 */
export function pageWithSiteConfig(html: string, site: SiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, "\\u003c");
  const block = `<script type="application/json" id="${SITE_CONFIG_ELEMENT}">${json}</script>`;
  const at = html.indexOf("</head>");
  return at === -1 ? `${block}${html}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/**
 * Serves the built web app: hashed assets cached for a year, and the page (`index.html`
 * with the site settings, kept in memory) for every other GET path so the client router
 * can take over — with 200 for the app's pages and 404 for any other address (the app
 * then shows its 404 page). Unknown `/api/*` paths and missing files answer a JSON 404
 * instead of the page.
 */
export async function registerWebApp(app: FastifyInstance, root: string, site: SiteConfig): Promise<void> {
  const built = fs.existsSync(path.join(root, "index.html"));
  const page = built
    ? Buffer.from(pageWithSiteConfig(fs.readFileSync(path.join(root, "index.html"), "utf8"), site))
    : null;
  const pageEtag = page ? `"${createHash("sha256").update(page).digest("base64url").slice(0, 27)}"` : "";
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // The page is served below, from memory with the site settings, never as the raw file.
      index: false,
      // Source maps are for our own debugging, not for every visitor.
      allowedPath: (pathName) => !pathName.endsWith(".map") && pathName !== "/index.html",
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath);
        reply.header("cache-control", relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: 200 | 404) => {
    reply.header("cache-control", REVALIDATE).header("etag", pageEtag);
    if (status === 200 && matchesEtag(request.headers["if-none-match"], pageEtag)) return reply.status(304).send();
    return reply.status(status).type("text/html; charset=utf-8").send(page);
  };
  // The static files' wildcard would answer the root, a directory, 403.
  if (page) app.get("/", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") && isPageVisit(pathname, request.headers.accept);
    if (!wantsPage) {
      const what = isApiPath(pathname) ? `No API route ${request.method} ${pathname}` : "Not found";
      throw notFound(what);
    }
    if (!page) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The Gemwire web app has not been built yet. Run `npm run build` (or `npm start`, which builds it).");
    }
    return sendPage(request, reply, isPageRoute(pathname) ? 200 : 404);
  });
}
