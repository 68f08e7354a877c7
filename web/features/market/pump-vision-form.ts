import type { Launchpad } from "./pump-vision-data.ts";
import { type PumpFilters, parseAmount, type Range, type RangeKey, rangeFields } from "./pump-vision-filters.ts";

/** The filter panel's fields as typed: the ranges are text until Apply checks them. */
export type FilterDraft = {
  launchpads: readonly Launchpad[];
  top10: boolean;
  social: boolean;
  ranges: Record<RangeKey, { min: string; max: string }>;
};

export type DraftResult = { ok: true; filters: PumpFilters } | { ok: false; errors: Partial<Record<RangeKey, string>> };

/** The panel's fields showing the filters now applied. */
export function draftOf(filters: PumpFilters): FilterDraft {
  const ranges = {} as FilterDraft["ranges"];
  for (const { key } of rangeFields) {
    const range = filters.ranges[key];
    ranges[key] = { min: range?.min?.toString() ?? "", max: range?.max?.toString() ?? "" };
  }
  return { launchpads: filters.launchpads, top10: filters.top10, social: filters.social, ranges };
}

/** The filters a draft asks for, or a message for each range that cannot be applied. */
export function readDraft(draft: FilterDraft): DraftResult {
  const errors: Partial<Record<RangeKey, string>> = {};
  const ranges: Partial<Record<RangeKey, Range>> = {};
  for (const { key, label, limit } of rangeFields) {
    const text = draft.ranges[key];
    const min = text.min.trim() === "" ? undefined : parseAmount(text.min, limit);
    const max = text.max.trim() === "" ? undefined : parseAmount(text.max, limit);
    if ((text.min.trim() !== "" && min === undefined) || (text.max.trim() !== "" && max === undefined)) {
      errors[key] = `${label}: enter a number from 0 to ${limit.toLocaleString("en-US")}.`;
    } else if (min !== undefined && max !== undefined && min > max) {
      errors[key] = `${label}: the minimum is above the maximum.`;
    } else if (min !== undefined || max !== undefined) {
      ranges[key] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filters: { launchpads: draft.launchpads, top10: draft.top10, social: draft.social, ranges } };
}
