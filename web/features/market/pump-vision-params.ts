import { type ColumnId, type Launchpad, launchpads } from "./pump-vision-data.ts";
import { type PumpFilters, parseAmount, type Range, type RangeKey, rangeFields } from "./pump-vision-filters.ts";

/*
 * Each column's filters live in the address under its own prefix, e.g.
 * `?new.pumpfun=1&new.minHolders=100&graduated.social=1`, so a reload or a shared link
 * shows the same board. Reading is forgiving: a value that is not exactly what we write
 * is ignored, never an error; of repeated parameters the first one counts.
 */

const capitalised = (key: RangeKey) => key[0]?.toUpperCase() + key.slice(1);
const minName = (column: ColumnId, key: RangeKey) => `${column}.min${capitalised(key)}`;
const maxName = (column: ColumnId, key: RangeKey) => `${column}.max${capitalised(key)}`;
const flagName = (column: ColumnId, flag: Launchpad | "top10" | "social") => `${column}.${flag}`;

/** One column's filters from the address; whatever is malformed is left out. */
export function readColumnFilters(params: URLSearchParams, column: ColumnId): PumpFilters {
  const on = (flag: Launchpad | "top10" | "social") => params.get(flagName(column, flag)) === "1";
  const ranges: Partial<Record<RangeKey, Range>> = {};
  for (const { key, limit } of rangeFields) {
    const min = parseAmount(params.get(minName(column, key)) ?? "", limit);
    const max = parseAmount(params.get(maxName(column, key)) ?? "", limit);
    // A min above max could only come from a hand-edited link; applying neither is the safe reading.
    if (min !== undefined && max !== undefined && min > max) continue;
    if (min !== undefined || max !== undefined) {
      ranges[key] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
  }
  return { launchpads: launchpads.filter(on), top10: on("top10"), social: on("social"), ranges };
}

/** The address parameters with one column's filters replaced; other parameters are kept as they were. */
export function withColumnFilters(params: URLSearchParams, column: ColumnId, filters: PumpFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of params) {
    if (!name.startsWith(`${column}.`)) next.append(name, value);
  }
  for (const launchpad of launchpads) {
    if (filters.launchpads.includes(launchpad)) next.set(flagName(column, launchpad), "1");
  }
  if (filters.top10) next.set(flagName(column, "top10"), "1");
  if (filters.social) next.set(flagName(column, "social"), "1");
  for (const { key } of rangeFields) {
    const range = filters.ranges[key];
    if (range?.min !== undefined) next.set(minName(column, key), String(range.min));
    if (range?.max !== undefined) next.set(maxName(column, key), String(range.max));
  }
  return next;
}
