/**
 * The prediction panel's arithmetic (leverage and the panel's constants). The figures are
 * display only — what is staked is the payment, in whole GEMS — but they must add up.
 */
import {
  MAX_PERCENTAGE,
  MAX_TIME_FRAME_MS,
  MIN_TIME_FRAME_MS,
  type PredictionDirection,
  panel,
  payoutFor,
  timeFrameMs,
} from "../../../contracts/gems-catalog.ts";

const { min, max } = panel.leverage;

/** Leverage kept on the slider's 0.1 grid and between 1.1 and 100 (clamped). */
export function clampLeverage(value: number): number {
  if (!Number.isFinite(value)) return panel.leverage.default;
  const onGrid = Math.round(value * 10) / 10;
  return Math.min(max, Math.max(min, onGrid));
}

/** The +/- buttons: one whole step, clamped (1.1 − 1 stays 1.1; 99.5 + 1 is 100). */
export function stepLeverage(value: number, direction: 1 | -1): number {
  return clampLeverage(value + direction * panel.leverage.buttonStep);
}

/** Size in USD = payment × leverage (the payment's GEMS counted as dollars), to the cent. */
export function positionSize(payment: number, leverage: number): number {
  // Leverage has one decimal: working in tenths keeps 50 × 20.1 at 1005, not 1005.0000000000001.
  return Math.round(payment * Math.round(leverage * 10) * 10) / 100;
}

/** Token size = size / price, to 8 decimals; null without a price. */
export function tokenSize(size: number, price: number | null): string | null {
  if (price === null || !(price > 0)) return null;
  return (size / price).toFixed(8);
}

/** Open fee: 0.06% of the size, to the cent. */
export function openFee(size: number): number {
  return Math.round(size * panel.openFeeRate * 100) / 100;
}

/** Liquidation price: 95% of entry for a long (up), 105% for a short (down). */
export function liquidationPrice(entry: number | null, direction: PredictionDirection): number | null {
  if (entry === null || !(entry > 0)) return null;
  return entry * panel.liquidation[direction];
}

/** What a win pays back, stake included; null while the inputs are not valid. */
export function potentialWin(payment: number | null, percentage: number | null): number | null {
  if (payment === null || percentage === null) return null;
  return payoutFor(payment, percentage);
}

/** The payment as whole GEMS, or why not: at least 1 and no more than the balance (when known). */
export function readPayment(text: string, balance: number | undefined): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: "Payment must be a whole number of GEMS" };
  const value = Number(trimmed);
  if (value < 1) return { error: "Payment must be at least 1 GEMS" };
  if (balance !== undefined && value > balance) {
    return { error: `Payment cannot be more than your balance (${balance.toLocaleString("en-US")} GEMS)` };
  }
  return { value };
}

/** The target move in percent: more than 0, at most 100, at most 2 decimals. */
export function readPercentage(text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  // "0.5", ".5" and "5." are all a number a person types.
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { error: "Target must be a number, e.g. 1.5" };
  if (/\.\d{3,}$/.test(trimmed)) return { error: "Target may have at most 2 decimals" };
  const value = Number(trimmed);
  if (value <= 0) return { error: "Target must be more than 0%" };
  if (value > MAX_PERCENTAGE) return { error: `Target must be at most ${MAX_PERCENTAGE}%` };
  return { value };
}

/** A timeframe the server takes: whole minutes or hours, between 1m and 24h. */
export function readTimeFrame(text: string): { value: string } | { error: string } {
  const value = text.trim().toLowerCase();
  const ms = timeFrameMs(value);
  if (ms === 0) return { error: "Timeframe must be whole minutes or hours, e.g. 5m or 1h" };
  if (ms < MIN_TIME_FRAME_MS || ms > MAX_TIME_FRAME_MS) return { error: "Timeframe must be between 1m and 24h" };
  return { value };
}

/** The timeframes offered in one click; any other Nm or Nh within 1m–24h may be typed. */
export const TIME_FRAME_CHOICES = ["1m", "5m", "15m", "1h", "4h", "24h"] as const;
