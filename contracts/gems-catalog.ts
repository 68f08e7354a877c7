/*
 * GEMS and prediction rules and constants, without zod, so the web app can import them
 * (docs/decisions/009); contracts/gems.ts holds the API schemas.
 */

/** A new member's GEMS (one grant row in the ledger). */
export const INITIAL_GEMS = 1250;

export const predictionDirections = ["up", "down"] as const;
export type PredictionDirection = (typeof predictionDirections)[number];

/** `active` until resolved; `void` when no price could be had for 24 h after the end (stake refunded). */
export const predictionStatuses = ["active", "won", "lost", "void"] as const;
export type PredictionStatus = (typeof predictionStatuses)[number];

/** A timeframe as entered: whole minutes or hours, e.g. "5m", "1h". */
export const TIME_FRAME = /^([1-9]\d{0,3})([mh])$/;
export const MIN_TIME_FRAME_MS = 60_000;
export const MAX_TIME_FRAME_MS = 24 * 3_600_000;

/** Timeframe conversion: 'Nm' is N minutes, 'Nh' N hours, anything else 0. */
export function timeFrameMs(timeFrame: string): number {
  const match = TIME_FRAME.exec(timeFrame);
  if (!match) return 0;
  return Number(match[1]) * (match[2] === "m" ? 60_000 : 3_600_000);
}

/**
 * The largest stake: keeps every payout (at most 101 times the stake) and the arithmetic
 * behind it exact in whole numbers.
 */
export const MAX_WAGER = 1_000_000_000;

/** The predicted move in percent: more than 0, at most 100, at most 2 decimals. */
export const MAX_PERCENTAGE = 100;

/** When the wait for a fresh entry price gives up: a price older than this is not an entry price. */
export const ENTRY_PRICE_MAX_AGE_MS = 60_000;
/** Without any price this long after its end, a prediction is void and its stake refunded. */
export const VOID_AFTER_MS = 24 * 3_600_000;

/**
 * A win pays the stake back plus stake × percentage,
 * the percentage as entered (1 means 1): 100 GEMS at 1 pays 200. Whole GEMS, rounded down,
 * computed in hundredths so no float error creeps in.
 */
export function payoutFor(wager: number, percentage: number): number {
  const hundredths = Math.round(percentage * 100);
  return wager + Math.floor((wager * hundredths) / 100);
}

/**
 * Floating point puts a move of exactly the percentage a hair either side (100 → 101.1 is
 * a change of 1.0999999999999943 %): a change within this many percent of the target
 * counts as reaching it. Far below any price's precision, so no real miss becomes a win.
 */
const OUTCOME_TOLERANCE = 1e-9;

/** `up` wins if the change is at least the percentage, `down` if at most minus it. */
export function outcomeOf(
  prediction: { direction: PredictionDirection; percentage: number },
  entryUsd: number,
  exitUsd: number,
): "won" | "lost" {
  const change = ((exitUsd - entryUsd) / entryUsd) * 100;
  if (prediction.direction === "up") return change >= prediction.percentage - OUTCOME_TOLERANCE ? "won" : "lost";
  return change <= -prediction.percentage + OUTCOME_TOLERANCE ? "won" : "lost";
}

/** The prediction panel's figures (display only): what a trading screen shows. */
export const panel = {
  defaultPayment: 50,
  leverage: { min: 1.1, max: 100, step: 0.1, buttonStep: 1, default: 20, marks: [1.1, 20, 40, 60, 80, 100] },
  openFeeRate: 0.0006,
  priceImpactRate: 0.0001,
  borrowRatePerHour: 0.000116,
  availableLiquidityUsd: 2_500_000,
  liquidation: { up: 0.95, down: 1.05 },
} as const;

export const leaderboardPeriods = ["all", "7d"] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];
