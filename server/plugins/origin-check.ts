import type { FastifyInstance } from "fastify";
import { messages } from "../../contracts/errors.ts";
import { forbidden } from "../errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * State-changing calls from a browser must come from Gemwire's own pages: the Origin
 * header (or, without one, Sec-Fetch-Site) must say so. Clients that send neither —
 * scripts, curl — are not browsers and carry no cookies by accident.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = new Set([`${request.protocol}://${request.host}`]);
      if (app.config.publicUrl) own.add(new URL(app.config.publicUrl).origin);
      if (!own.has(origin)) throw forbidden(messages.crossSite);
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") throw forbidden(messages.crossSite);
  });
}
