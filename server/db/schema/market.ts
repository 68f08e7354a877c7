/** Prices and GEMS predictions. */

/** One recorded price of a built-in token, per minute (migration 008). */
export interface PriceSnapshotsTable {
  symbol: string;
  /** The minute, epoch ms (a multiple of 60000). */
  taken_at: number;
  usd: number;
}

export type GemsLedgerKind = "grant" | "stake" | "payout" | "refund";

/** One change of a member's GEMS (migration 009): stakes negative, the rest positive. */
export interface GemsLedgerTable {
  id: string;
  user_id: string;
  amount: number;
  kind: GemsLedgerKind;
  /** Its cause: 'signup' or 'prediction:<id>'; unique per kind and member. */
  reference: string;
  created_at: number;
}

/** A member's prediction, a row of user_predictions (migration 009). */
export interface UserPredictionsTable {
  id: string;
  user_id: string;
  token: string;
  direction: "up" | "down";
  /** The predicted move in hundredths of a percent (1.25 % is 125). */
  percentage: number;
  time_frame: string;
  wager: number;
  status: "active" | "won" | "lost" | "void";
  created_at: number;
  completed_at: number | null;
  ends_at: number;
  entry_usd: number;
  entry_source: string;
  entry_at: number;
  exit_usd: number | null;
  exit_source: string | null;
  exit_at: number | null;
  /** GEMS credited on a win or refunded on a void. */
  payout: number | null;
  note: string | null;
}
