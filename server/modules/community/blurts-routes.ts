import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blurtsQuerySchema, blurtsSchema } from "../../../contracts/community.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { getBlurts } from "./blurts.ts";

/** Spec §2 Blurts: everyone's comments and predictions in one timeline, public. */
export const blurtsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/blurts",
    {
      schema: {
        tags: ["community"],
        summary: "The timeline of members' comments and predictions, filtered and sorted, a page at a time",
        description:
          "filter: all, comments, predictions, active, completed (not active). sort: newest; winning (won predictions first); losing (lost first) — ties and comments newest first. Pass `next` as `before` for the following page.",
        querystring: blurtsQuerySchema,
        response: { 200: blurtsSchema, 400: errorBodySchema },
      },
    },
    async (request) => getBlurts(app.database, request.query),
  );
};
