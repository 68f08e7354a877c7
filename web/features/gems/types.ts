/*
 * The answers' types, inferred from the contract's schemas without touching zod at run time
 * (type-only imports are erased: decision 009). contracts/gems.ts exports only some of them
 * by name; inferring here leaves the contract as the server branch has it.
 */
import type { z } from "zod";
import type {
  gemsSchema,
  leaderboardSchema,
  placedPredictionSchema,
  predictionsSchema,
} from "../../../contracts/gems.ts";

export type { PlacePrediction, Prediction } from "../../../contracts/gems.ts";
export type Gems = z.infer<typeof gemsSchema>;
export type PlacedPrediction = z.infer<typeof placedPredictionSchema>;
export type Predictions = z.infer<typeof predictionsSchema>;
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export type LeaderboardMember = Leaderboard["members"][number];
