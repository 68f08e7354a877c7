/** US dollar amounts as every page shows them (prices, sizes, fees). */

/** What an amount shows when there is none: never a blank. */
export const NO_VALUE = "—";

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Coins under a dollar (SHIB trades near $0.00001) keep four significant digits, not "$0.00".
const significant = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 4 });

const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** "$97,123.45", "$0.1234", "$0.00001234"; '—' for none. */
export function formatUsd(value: number | null | undefined): string {
  if (missing(value)) return NO_VALUE;
  return Math.abs(value) >= 1 || value === 0 ? dollars.format(value) : significant.format(value);
}

/** An amount to the cent, "$0.60", "$1,000.00" (sizes and fees, never sub-cent); '—' for none. */
export function formatCents(value: number | null | undefined): string {
  return missing(value) ? NO_VALUE : dollars.format(value);
}
