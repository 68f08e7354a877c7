/** How GEMS and the panel's figures read on screen. GEMS are whole numbers, always. */

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
/** "1,250 GEMS". */
export function formatGems(amount: number): string {
  return `${whole.format(amount)} GEMS`;
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
