import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { blurtsQuerySchema, blurtsSchema } from "../../../contracts/community.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { answersOf, JSON_TYPE, PRIVATE_REVALIDATE, sendKept } from "../../lib/answer-cache.ts";
import { getBlurts } from "./blurts.ts";

/** Blurts: everyone's comments and predictions in one timeline, public. */
export const blurtsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/blurts",
    {
      schema: {
        tags: ["community"],
        summary: "The timeline of members' comments and predictions, filtered and sorted, a page at a time",
        description:
          "filter: all, comments, predictions, active, completed (not active). sort: newest; winning (won predictions first); losing (lost first) — ties and comments newest first. Pass `next` as `before` for the following page. The same for every viewer; answers carry an ETag (private, no-cache): with If-None-Match, an unchanged page answers 304.",
        querystring: blurtsQuerySchema,
        response: {
          200: blurtsSchema,
          304: z.undefined().describe("Not modified: the page If-None-Match names is still current"),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { filter, sort, before, limit } = request.query;
      const page = await answersOf(app.database).answer({
        key: JSON.stringify(["blurts", filter, sort, before, limit]),
        // Comments and predictions, who made them, and what they are about.
        tables: ["user_interactions", "user_predictions", "users", "articles", "blog_posts"],
        build: async () => JSON.stringify(z.encode(blurtsSchema, await getBlurts(app.database, request.query))),
      });
      // One answer for everyone; "private" as members-only mode must not let a shared cache hand it on.
      return sendKept(request, reply, page, { cacheControl: PRIVATE_REVALIDATE, vary: [], type: JSON_TYPE });
    },
  );
};
