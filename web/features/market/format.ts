/** How market numbers read on screen: US dollars, percentages with a sign, and their spoken form. */

import { NO_VALUE } from "../../lib/usd.ts";

const compact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "$1.92T", "$38.5B" for market caps and volumes; '—' for none. */
export function formatCompactUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return compact.format(value);
}

export type Direction = "up" | "down" | "flat";

/** Which way a change went, rounded as it is shown (a change that reads 0.00% is flat). */
export function directionOf(change: number): Direction {
  const shown = Math.round(change * 100);
  return shown > 0 ? "up" : shown < 0 ? "down" : "flat";
}

/** "+1.23%", "−0.45%" (a real minus sign), "0.00%"; '—' for no change. */
export function formatChange(change: number | null | undefined): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return NO_VALUE;
  const size = Math.abs(change).toFixed(2);
  const direction = directionOf(change);
  return direction === "up" ? `+${size}%` : direction === "down" ? `\u2212${size}%` : `${size}%`;
}

/** The change in words, for screen readers: "up 1.23%", "down 0.45%", "unchanged". */
export function describeChange(change: number | null | undefined): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return "change unknown";
  const direction = directionOf(change);
  if (direction === "flat") return "unchanged";
  return `${direction} ${Math.abs(change).toFixed(2)}%`;
}

/** Text colour for a change: green up, red down, grey otherwise (the sign and words carry it too). */
export function changeTone(change: number | null | undefined): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return "text-muted";
  const direction = directionOf(change);
  return direction === "up" ? "text-emerald-400" : direction === "down" ? "text-red-400" : "text-zinc-400";
}

/** "3:05 PM" today, else "Nov 22, 3:05 PM": when a price was last good or is asked again. */
export function formatClock(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString("en-US", { month: "short", day: "numeric" })}, ${time}`;
}
