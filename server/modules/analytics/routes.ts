import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { analyticsQuerySchema, analyticsSchema, pageViewSchema } from "../../../contracts/content.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { requireAdmin } from "../../plugins/sessions.ts";
import { analyticsReport, recordPageView } from "./service.ts";

/** A path and its JSON wrapping: far below this, so a bigger body is not a page view. */
const PAGE_VIEW_BODY_LIMIT = 4 * 1024;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string as text/plain (a "simple" request that needs no
  // preflight); its body is the same JSON. Only this plugin's routes read text this way.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));

  app.post(
    "/analytics/pageview",
    {
      bodyLimit: PAGE_VIEW_BODY_LIMIT,
      schema: {
        tags: ["analytics"],
        summary: "Report a page view: counted per day and route pattern, nothing else kept",
        description:
          "Always 204 for a well-formed report, counted or not: crawlers, prefetches, paths that are no page " +
          "of the app and an address's views past 300 a minute are dropped. JSON sent as application/json or " +
          "text/plain (what navigator.sendBeacon sends).",
        consumes: ["application/json", "text/plain"],
        body: pageViewSchema,
        response: { 204: z.null(), 400: errorBodySchema, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      await recordPageView(app.database, {
        path: request.body.path,
        address: request.ip,
        userAgent: request.headers["user-agent"],
        headers: request.headers,
      });
      return reply.status(204).send(null);
    },
  );

  await app.register(async (admin) => {
    // Before the query is read: a visitor learns nothing about the call but that it needs the admin.
    admin.addHook("onRequest", requireAdmin);
    admin.withTypeProvider<ZodTypeProvider>().get(
      "/admin/analytics",
      {
        schema: {
          tags: ["admin"],
          summary: "Page views of the last `days` days (30 by default): per day, the top routes, the total",
          querystring: analyticsQuerySchema,
          response: { 200: analyticsSchema, 401: errorBodySchema },
        },
      },
      async (request) => analyticsReport(app.database, request.query.days),
    );
  });
};
