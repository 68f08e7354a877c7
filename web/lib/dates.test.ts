import { describe, expect, it } from "vitest";
import { ageLabel, ageTone, formatDate, formatDateTime, nextTryLabel, pastLabel, relativeTime } from "./dates.ts";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => now - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("ageTone", () => {
  it.each([
    [0, "green"],
    [6 * H, "green"],
    [6 * H + 1, "yellow"],
    [12 * H, "yellow"],
    [12 * H + 1, "orange"],
    [18 * H, "orange"],
    [18 * H + 1, "red"],
    [40 * D, "red"],
  ] as const)("an article %i ms old is %s", (age, tone) => {
    expect(ageTone(ago(age), now)).toBe(tone);
  });

  it("treats an unreadable date as old", () => {
    expect(ageTone("not a date", now)).toBe("red");
  });
});

describe("ageLabel", () => {
  it.each([
    [0, "0s"],
    [59 * S, "59s"],
    [M, "1m"],
    [59 * M + 59 * S, "59m"],
    [H, "1h"],
    [23 * H, "23h"],
    [D, "1d"],
    [6 * D, "6d"],
    [7 * D, "1w"],
    [29 * D, "4w"],
    [30 * D, "1mo"],
    [364 * D, "12mo"],
    [365 * D, "1y"],
    [800 * D, "2y"],
  ] as const)("%i ms reads %s", (age, label) => {
    expect(ageLabel(ago(age), now)).toBe(label);
  });

  it("counts a date in the future as just now", () => {
    expect(ageLabel(now + 5 * M, now)).toBe("0s");
    expect(relativeTime(now + 5 * M, now)).toBe("just now");
  });
});

describe("relativeTime", () => {
  it("says how long ago, or 'recently' for a date that fails to parse", () => {
    expect(relativeTime(ago(3 * H), now)).toBe("3h ago");
    expect(relativeTime("yesterday-ish", now)).toBe("recently");
  });
});

describe("formatDate / formatDateTime", () => {
  it("follow 'MMM d, yyyy' and 'MMM d, yyyy h:mm a'", () => {
    const date = new Date(2026, 0, 5, 0, 7);
    expect(formatDate(date)).toBe("Jan 5, 2026");
    expect(formatDateTime(date)).toBe("Jan 5, 2026 12:07 AM");
    expect(formatDateTime(new Date(2026, 10, 22, 15, 30))).toBe("Nov 22, 2026 3:30 PM");
    expect(formatDateTime(new Date(2026, 10, 22, 12, 0))).toBe("Nov 22, 2026 12:00 PM");
  });

  it("give nothing for an unreadable date", () => {
    expect(formatDate("nope")).toBe("");
    expect(formatDateTime("nope")).toBe("");
  });
});

describe("nextTryLabel / pastLabel", () => {
  const now = new Date(2026, 10, 22, 15, 0).getTime();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it.each([
    [at(17), "in 17 min (3:17 PM)"],
    [at(0.2), "any moment now"],
    [at(-5), "any moment now"],
    [at(150), "in 2.5 h (5:30 PM)"],
    [at(24 * 60), "in 24 h (Nov 23, 2026 3:00 PM)"],
    [null, "as soon as the server starts fetching"],
  ])("says a next attempt at %s as %j", (time, label) => {
    expect(nextTryLabel(time, now)).toBe(label);
  });

  it("says when something last happened, and 'never'", () => {
    expect(pastLabel(at(-3), now)).toBe("3m ago (2:57 PM)");
    expect(pastLabel(at(-2 * 24 * 60), now)).toBe("2d ago (Nov 20, 2026 3:00 PM)");
    expect(pastLabel(null, now)).toBe("never");
  });
});
