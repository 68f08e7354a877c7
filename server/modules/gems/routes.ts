import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import {
  gemsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  placedPredictionSchema,
  placePredictionSchema,
  predictionsQuerySchema,
  predictionsSchema,
} from "../../../contracts/gems.ts";
import { ENTRY_PRICE_MAX_AGE_MS } from "../../../contracts/gems-catalog.ts";
import { durationInWords, enforceLimits, limits, ruleInWords } from "../../lib/rate-limit/limits.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { getLeaderboard } from "./leaderboard.ts";
import { getPredictions, placePrediction } from "./predictions.ts";
import { getBalance } from "./service.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
};

/** The signed-in member's GEMS and everyone's predictions. */
export const gemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/gems",
    {
      schema: {
        tags: ["gems"],
        summary: "The signed-in member's GEMS balance (the sum of their ledger rows)",
        response: { 200: gemsSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getBalance(app.database, currentMember(request).id),
  );

  app.post(
    "/predictions",
    {
      schema: {
        tags: ["gems"],
        summary: "Place a prediction: the wager is staked at once, at a fresh entry price",
        description: `503 when no price younger than ${durationInWords(ENTRY_PRICE_MAX_AGE_MS)} can be had for the token (nothing is staked); 400 when the wager exceeds the balance; 429 past ${ruleInWords(limits.predictionsPerMember, "placements")}.`,
        body: placePredictionSchema,
        response: { 201: placedPredictionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      await enforceLimits(request, [[`predictions:member:${member.id}`, limits.predictionsPerMember]]);
      const placed = await placePrediction(app.database, app.prices, member.id, request.body);
      return reply.status(201).send(placed);
    },
  );

  app.get(
    "/predictions",
    {
      schema: {
        tags: ["gems"],
        summary: "Predictions, newest first: the signed-in member's with mine=1, else everyone's",
        querystring: predictionsQuerySchema,
        response: { 200: predictionsSchema, ...errors },
      },
    },
    async (request) => {
      const { mine, before, limit } = request.query;
      const userId = mine ? currentMember(request).id : undefined;
      return getPredictions(app.database, { userId, before, limit });
    },
  );

  app.get(
    "/leaderboard",
    {
      schema: {
        tags: ["gems"],
        summary: "Members ranked by GEMS won minus staked on resolved predictions, all time or the last 7 days",
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 400: errorBodySchema },
      },
    },
    async (request) => getLeaderboard(app.database, request.query.period),
  );
};
