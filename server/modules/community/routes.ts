import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FAVORITES_MAX,
  favoriteBodySchema,
  favoriteQuerySchema,
  favoriteResultSchema,
  favoritesSchema,
  voteBodySchema,
  voteResultSchema,
} from "../../../contracts/community.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { addFavorite, castVote, getFavorites, removeFavorite } from "./service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** The signed-in member, for a vote or favorite change: counted against their write limit. */
async function writingMember(request: FastifyRequest) {
  const member = currentMember(request);
  await enforceLimits(request, [[`community:member:${member.id}`, limits.communityWritesPerMember]]);
  return member;
}

/** Votes and favorites: members only, keyed by the article's link. */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/votes",
    {
      schema: {
        tags: ["community"],
        summary: "Vote an article up or down, or take the vote back (null)",
        body: voteBodySchema,
        response: { 200: voteResultSchema, ...errors },
      },
    },
    async (request) => {
      const member = await writingMember(request);
      return castVote(app.database, member.id, request.body.link, request.body.vote);
    },
  );

  app.get(
    "/favorites",
    {
      schema: {
        tags: ["community"],
        summary: "The member's favorite articles, most recently added first",
        response: { 200: favoritesSchema, 401: errorBodySchema },
      },
    },
    async (request) => getFavorites(app.database, currentMember(request).id, app.config.storiesWindowMs),
  );

  app.put(
    "/favorites",
    {
      schema: {
        tags: ["community"],
        summary: `Add an article to the favorites (at most ${FAVORITES_MAX}; adding one twice keeps one)`,
        body: favoriteBodySchema,
        response: { 200: favoriteResultSchema, ...errors },
      },
    },
    async (request) => {
      const member = await writingMember(request);
      return addFavorite(app.database, member.id, request.body.link);
    },
  );

  app.delete(
    "/favorites",
    {
      schema: {
        tags: ["community"],
        summary: "Remove an article from the favorites (also fine when it is not one)",
        querystring: favoriteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const member = await writingMember(request);
      await removeFavorite(app.database, member.id, request.query.link);
      return reply.status(204).send(null);
    },
  );
};
