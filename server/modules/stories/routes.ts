import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { storiesQuerySchema, storiesSchema } from "../../../contracts/stories.ts";
import { JSON_TYPE, PRIVATE_REVALIDATE, sendKept } from "../../lib/answer-cache.ts";
import { visibleFeedsOf } from "../articles/index.ts";
import { listStories } from "./answers.ts";

export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stories",
    {
      schema: {
        tags: ["stories"],
        summary: "Articles that several sources cover, clustered into stories (only stories of two or more)",
        description:
          "Titles are similar when 1 − Levenshtein distance / length of the longer title ≥ 0.6 (lower-cased, trimmed, whitespace collapsed); a story is a connected group of similar articles over the last STORIES_WINDOW_HOURS (48 by default). Computed on the server and kept until the feeds or the votes change; pages with `limit` and `before` (the previous page's `next`). Answers carry an ETag: with If-None-Match, an unchanged page answers 304.",
        querystring: storiesQuerySchema,
        response: {
          200: storiesSchema,
          304: z.undefined().describe("Not modified: the page If-None-Match names is still current"),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const page = await listStories(app.database, {
        scope: request.query.feed,
        sort: request.query.sort,
        limit: request.query.limit,
        before: request.query.before,
        windowMs: app.config.storiesWindowMs,
        visible: await visibleFeedsOf(app.database, app.config.memberFeeds ? (request.member?.id ?? null) : null),
      });
      // Visitors share one answer, a follower of member feeds gets theirs: "private"; "no-cache" has the browser ask again each time, with the ETag.
      return sendKept(request, reply, page, { cacheControl: PRIVATE_REVALIDATE, vary: [], type: JSON_TYPE });
    },
  );
};
