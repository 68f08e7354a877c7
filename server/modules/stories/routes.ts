import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { storiesQuerySchema, storiesSchema } from "../../../contracts/stories.ts";
import { listStories } from "./service.ts";

export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stories",
    {
      schema: {
        tags: ["stories"],
        summary: "Articles that several sources cover, clustered into stories (only stories of two or more)",
        description:
          "Titles are similar when 1 − Levenshtein distance / length of the longer title ≥ 0.6 (lower-cased, trimmed, whitespace collapsed); a story is a connected group of similar articles over the last STORIES_WINDOW_HOURS (48 by default). Computed on the server and kept until the feeds change.",
        querystring: storiesQuerySchema,
        response: { 200: storiesSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      stories: await listStories(app.database, {
        scope: request.query.feed,
        sort: request.query.sort,
        limit: request.query.limit,
        windowMs: app.config.storiesWindowMs,
        viewerId: request.member?.id ?? null,
      }),
      windowHours: Math.round(app.config.storiesWindowMs / 3_600_000),
    }),
  );
};
