const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** $12.3K, $4.5M: the board's money amounts, short enough for a narrow card. */
export const formatUsd = (value: number) => usd.format(value);

/** 950, 1.2K, 12K. */
export const formatCount = (value: number) => count.format(value);

/** A percentage with at most one decimal: 3%, 12.5%. */
export const formatPercent = (value: number) => `${Math.round(value * 10) / 10}%`;

/** A token's age the way launchpads show it: 12m, 3h, 5d. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h`;
  return `${Math.floor(minutes / (24 * 60))}d`;
}

/** The start and end of an address, for a narrow card: SAMPLEab…XyZ9. */
export const shortAddress = (address: string) => `${address.slice(0, 8)}…${address.slice(-4)}`;
