import { describe, expect, it } from "vitest";
import { noFilters, type PumpFilters } from "./pump-vision-filters.ts";
import { draftOf, readDraft } from "./pump-vision-form.ts";

const draftWith = (ranges: Partial<Record<string, { min?: string; max?: string }>>) => {
  const draft = draftOf(noFilters);
  for (const [key, value] of Object.entries(ranges)) {
    Object.assign(draft.ranges[key as keyof typeof draft.ranges], value);
  }
  return draft;
};

describe("the filter panel's fields", () => {
  it("show the applied filters and read back to them", () => {
    const filters: PumpFilters = {
      launchpads: ["moonshot"],
      top10: true,
      social: false,
      ranges: { holders: { min: 10 }, bondingCurve: { min: 0.5, max: 90 } },
    };
    const draft = draftOf(filters);
    expect(draft.ranges.holders).toEqual({ min: "10", max: "" });
    expect(readDraft(draft)).toEqual({ ok: true, filters });
  });

  it("leave empty fields out", () => {
    expect(readDraft(draftWith({ age: { min: "  " } }))).toEqual({ ok: true, filters: noFilters });
  });

  it.each([
    ["letters", { holders: { min: "lots" } }, "holders", "Holders: enter a number from 0 to 1,000,000,000."],
    ["a negative number", { age: { max: "-3" } }, "age", "Token age: enter a number from 0 to 100,000,000."],
    [
      "a percentage above 100",
      { devHolding: { max: "101" } },
      "devHolding",
      "Dev holding: enter a number from 0 to 100.",
    ],
    [
      "min above max",
      { marketCap: { min: "5000", max: "100" } },
      "marketCap",
      "Market cap: the minimum is above the maximum.",
    ],
  ])("refuse %s with a message naming the field", (_name, ranges, key, message) => {
    expect(readDraft(draftWith(ranges))).toEqual({ ok: false, errors: { [key]: message } });
  });

  it("refuse the whole draft when one field is wrong", () => {
    const result = readDraft(draftWith({ holders: { min: "10" }, volume: { min: "9", max: "1" } }));
    expect(result.ok).toBe(false);
  });
});
