import { describe, expect, it } from "vitest";
import { durationInWords, ruleInWords } from "./limits.ts";

describe("limits in words, for the API's descriptions", () => {
  it.each([
    [60_000, "a minute"],
    [10 * 60_000, "10 minutes"],
    [3_600_000, "an hour"],
    [24 * 3_600_000, "24 hours"],
    [25_000, "25 s"],
    [90_000, "90 s"],
  ])("says %i ms as %j", (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });

  it("says a rule per minute or hour without 'in', and any other window with it", () => {
    expect(ruleInWords({ limit: 30, windowMs: 60_000 })).toBe("30 a minute");
    expect(ruleInWords({ limit: 10, windowMs: 3_600_000 }, "sign-ups")).toBe("10 sign-ups an hour");
    expect(ruleInWords({ limit: 120, windowMs: 10 * 60_000 }, "placements")).toBe("120 placements in 10 minutes");
  });
});
