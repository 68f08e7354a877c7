import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "../../contracts/errors.ts";
import { forbidden } from "../errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin a Referer names, or null when it names none (unparsable, or an opaque one). */
function originOf(referer: string): string | null {
  try {
    const origin = new URL(referer).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * State-changing calls from a browser must come from Gemwire's own pages: the Origin
 * header (or, without one, Sec-Fetch-Site; without both, the Referer) must say so.
 * Clients that send none of them — scripts, curl — are not browsers and carry no cookies
 * by accident.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const publicOrigin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : undefined;
  /** Whether `origin` is this server's: as the request reached it, or as PUBLIC_URL names it. */
  const isOwn = (request: FastifyRequest, origin: string | null) =>
    origin !== null && (origin === publicOrigin || origin === `${request.protocol}://${request.host}`);

  app.addHook("onRequest", async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isOwn(request, origin)) throw forbidden(messages.crossSite);
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined) {
      if (site !== "same-origin" && site !== "none") throw forbidden(messages.crossSite);
      return;
    }
    // Browsers from before Origin on every POST and Sec-Fetch-Site still name the page.
    const referer = request.headers.referer;
    if (referer !== undefined && !isOwn(request, originOf(referer))) throw forbidden(messages.crossSite);
  });
}
