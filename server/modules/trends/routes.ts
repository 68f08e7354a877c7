import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { trendsQuerySchema, trendsSchema } from "../../../contracts/trends.ts";

export const trendsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/trends",
    {
      schema: {
        tags: ["trends"],
        summary: "Search trends of a period, de-duplicated, sorted and paged (20 a page)",
        description:
          "Trending searches of the US, GB, CA, AU and IN (Google Trends' daily RSS, and the real-time trends when configured), read by the server on a schedule and kept 7 days. Of titles where one contains the other (whole words, any case, across countries and sources) only the one with the most traffic is listed. `sort=traffic` orders by traffic read as a number (ties: newer first), `sort=time` newest first. `sources` tells each source's last successful read and, when its last read failed, why; `nextUpdateAt` when the sources are read again.",
        querystring: trendsQuerySchema,
        response: { 200: trendsSchema, 400: errorBodySchema },
      },
    },
    async (request) => app.trends.trends(request.query),
  );
};
