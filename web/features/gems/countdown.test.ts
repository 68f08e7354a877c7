import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown.ts";

describe("formatCountdown", () => {
  it.each([
    [0, "0s"],
    [-5_000, "0s"],
    [999, "1s"],
    [59_000, "59s"],
    [60_000, "1m 00s"],
    [245_000, "4m 05s"],
    [3_600_000, "1h 00m 00s"],
    [2 * 3_600_000 + 3 * 60_000 + 9_000, "2h 03m 09s"],
    [24 * 3_600_000, "24h 00m 00s"],
  ])("%i ms left reads %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
