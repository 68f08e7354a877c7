import { describe, expect, it } from "vitest";
import { formatUsd } from "../../lib/usd.ts";
import { changeTone, describeChange, formatChange, formatCompactUsd } from "./format.ts";

describe("market number formats", () => {
  it.each([
    [97123.456, "$97,123.46"],
    [1, "$1.00"],
    [0.123456, "$0.1235"],
    [0.0000123456, "$0.00001235"],
    [null, "—"],
    [undefined, "—"],
    [Number.NaN, "—"],
  ])("price %s reads %s", (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each([
    [1_920_000_000_000, "$1.92T"],
    [38_512_000_000, "$38.51B"],
    [null, "—"],
  ])("amount %s reads %s", (value, expected) => {
    expect(formatCompactUsd(value)).toBe(expected);
  });

  it.each([
    [1.234, "+1.23%", "up 1.23%", "text-emerald-400"],
    [-0.456, "\u22120.46%", "down 0.46%", "text-red-400"],
    [0.001, "0.00%", "unchanged", "text-zinc-400"],
    [-0.004, "0.00%", "unchanged", "text-zinc-400"],
    [null, "—", "change unknown", "text-muted"],
  ])("change %s reads %s, is said %s, and is coloured %s", (value, shown, said, tone) => {
    expect(formatChange(value)).toBe(shown);
    expect(describeChange(value)).toBe(said);
    expect(changeTone(value)).toBe(tone);
  });
});
