/** How GEMS and the panel's figures read on screen. GEMS are whole numbers, always. */

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// A coin under a dollar keeps four significant digits rather than reading "$0.00".
const smallUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 4 });

/** "1,250 GEMS". */
export function formatGems(amount: number): string {
  return `${whole.format(amount)} GEMS`;
}

/** "$1,000.00", "$0.1234"; '—' for none. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return Math.abs(value) >= 1 || value === 0 ? usd.format(value) : smallUsd.format(value);
}

/** An amount to the cent, "$0.60", "$1,000.00" (sizes and fees, which are never sub-cent); '—' for none. */
export function formatCents(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return usd.format(value);
}

/** A signed whole number of GEMS: "+150", "−50" (a real minus sign), "0". */
export function formatNet(amount: number): string {
  if (amount > 0) return `+${whole.format(amount)}`;
  if (amount < 0) return `\u2212${whole.format(-amount)}`;
  return "0";
}

/** "62%" of a 0–1 rate. */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
