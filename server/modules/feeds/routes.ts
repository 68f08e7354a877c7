import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import {
  feedItemsQuerySchema,
  feedItemsSchema,
  feedKeySchema,
  feedListSchema,
  searchQuerySchema,
  searchResultsSchema,
} from "../../../contracts/feeds.ts";
import { listFeedItems, listFeeds, searchFeedItems } from "./service.ts";

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/feeds",
    {
      schema: {
        tags: ["feeds"],
        summary: "The feed catalog with each feed's status",
        response: { 200: feedListSchema },
      },
    },
    async () => listFeeds(app.database, app.sources),
  );

  app.get(
    "/feeds/:key/items",
    {
      schema: {
        tags: ["feeds"],
        summary: "A feed's items, newest first",
        params: z.object({ key: feedKeySchema }),
        querystring: feedItemsQuerySchema,
        response: { 200: feedItemsSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      listFeedItems(
        app.database,
        app.sources,
        request.params.key,
        request.query,
        request.member?.id ?? null,
        app.config.storiesWindowMs,
      ),
  );

  app.get(
    "/search",
    {
      schema: {
        tags: ["feeds"],
        summary: "Search every stored article's title and description (at most 5, one per link)",
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      results: await searchFeedItems(app.database, request.query.q, request.member?.id ?? null),
    }),
  );
};
