import { z } from "zod";
import {
  leaderboardPeriods,
  MAX_PERCENTAGE,
  MAX_TIME_FRAME_MS,
  MAX_WAGER,
  MIN_TIME_FRAME_MS,
  predictionDirections,
  predictionStatuses,
  TIME_FRAME,
  timeFrameMs,
} from "./gems-catalog.ts";
import { text } from "./text.ts";

export const gemsSchema = z.object({ balance: z.number().int().describe("The signed-in member's GEMS") });
export type Gems = z.infer<typeof gemsSchema>;

export const placePredictionSchema = z.object({
  token: text().trim().min(1).max(15).describe("A built-in token's symbol, e.g. BTC (case-insensitive)"),
  direction: z.enum(predictionDirections),
  percentage: z
    .number()
    .gt(0, { error: "percentage must be more than 0" })
    .max(MAX_PERCENTAGE, { error: `percentage must be at most ${MAX_PERCENTAGE}` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      error: "percentage may have at most 2 decimals",
    }),
  timeFrame: text()
    .regex(TIME_FRAME, { error: "timeFrame must be whole minutes or hours, e.g. 5m or 1h" })
    .refine((value) => timeFrameMs(value) >= MIN_TIME_FRAME_MS && timeFrameMs(value) <= MAX_TIME_FRAME_MS, {
      error: "timeFrame must be between 1m and 24h",
    }),
  wager: z
    .number()
    .int({ error: "wager must be a whole number of GEMS" })
    .min(1, { error: "wager must be at least 1" })
    .max(MAX_WAGER, { error: `wager must be at most ${MAX_WAGER.toLocaleString("en-US")} GEMS` }),
});

export type PlacePrediction = z.infer<typeof placePredictionSchema>;

const priceReading = z
  .object({
    usd: z.number(),
    source: z.string().describe("Where the price came from (the price API's host, or 'sample')"),
    at: z.string().describe("ISO-8601 time the price was observed"),
  })
  .meta({ id: "PriceReading" });

export const predictionSchema = z
  .object({
    id: z.string(),
    username: z.string().nullable(),
    handle: z.string(),
    avatar: z.string().nullable(),
    token: z.string(),
    direction: z.enum(predictionDirections),
    percentage: z.number(),
    timeFrame: z.string(),
    wager: z.number().int(),
    status: z.enum(predictionStatuses),
    created_at: z.string().describe("ISO-8601"),
    completed_at: z.string().nullable().describe("ISO-8601 time it was resolved; null while active"),
    endsAt: z.string().describe("ISO-8601: created_at plus the timeframe"),
    entry: priceReading.describe("The price when the prediction was placed"),
    exit: priceReading.nullable().describe("The price it was resolved with (observed at or after endsAt)"),
    payout: z.number().int().nullable().describe("GEMS credited on a win (stake + stake × percentage), or refunded"),
    note: z
      .string()
      .nullable()
      .describe("In plain words: why a prediction is void, or, once it has ended, the price it still waits for"),
  })
  .meta({ id: "Prediction" });

export type Prediction = z.infer<typeof predictionSchema>;

export const placedPredictionSchema = z.object({
  prediction: predictionSchema,
  balance: z.number().int().describe("The member's GEMS after the stake"),
});
export type PlacedPrediction = z.infer<typeof placedPredictionSchema>;

export const predictionsQuerySchema = z.object({
  mine: z.enum(["1"]).optional().describe("Only the signed-in member's predictions"),
  before: z.string().max(40).optional().describe("A page's `next`, for the following page"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const predictionsSchema = z.object({
  predictions: z.array(predictionSchema).describe("Newest first"),
  next: z.string().nullable(),
});
export type Predictions = z.infer<typeof predictionsSchema>;

export const leaderboardQuerySchema = z.object({ period: z.enum(leaderboardPeriods).default("all") });

export const leaderboardSchema = z.object({
  members: z.array(
    z.object({
      handle: z.string(),
      username: z.string().nullable(),
      avatar: z.string().nullable(),
      net: z.number().int().describe("GEMS won minus GEMS staked on resolved predictions"),
      won: z.number().int().describe("Predictions won"),
      resolved: z.number().int().describe("Predictions resolved (won or lost)"),
      winRate: z.number().describe("won / resolved, 0–1"),
    }),
  ),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export type LeaderboardMember = Leaderboard["members"][number];
