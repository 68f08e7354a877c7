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
  app.addHook("onRequest", async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const own = () => {
      const origins = new Set([`${request.protocol}://${request.host}`]);
      if (app.config.publicUrl) origins.add(new URL(app.config.publicUrl).origin);
      return origins;
    };
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!own().has(origin)) throw forbidden(messages.crossSite);
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined) {
      if (site !== "same-origin" && site !== "none") throw forbidden(messages.crossSite);
      return;
    }
    // Browsers from before Origin on every POST and Sec-Fetch-Site still name the page.
    if (refererIsForeign(request, own)) throw forbidden(messages.crossSite);
  });
}

function refererIsForeign(request: FastifyRequest, own: () => Set<string>): boolean {
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  const origin = originOf(referer);
  return origin === null || !own().has(origin);
}
