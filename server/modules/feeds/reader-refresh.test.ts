import { describe, expect, it } from "vitest";
import { readerRefreshAt } from "./service.ts";

const MINUTE = 60_000;
const now = 1_800_000_000_000;

describe("when a reader's 'Refresh Feed' lets a feed be fetched again", () => {
  it.each([
    ["never fetched: at once", null, 0, now],
    ["healthy, 5-minute period, fetched just now: after 2.5 minutes", now, 5 * MINUTE, now + 2.5 * MINUTE],
    ["healthy, 10-second period: never sooner than a minute", now, 10_000, now + MINUTE],
    ["failing, 20-minute backoff: after 10 minutes", now, 20 * MINUTE, now + 10 * MINUTE],
    ["failing, 6-hour backoff: after 15 minutes at most", now, 6 * 60 * MINUTE, now + 15 * MINUTE],
    ["last attempted an hour ago: at once", now - 60 * MINUTE, 6 * 60 * MINUTE, now],
  ])("%s", (_, last, next, expected) => {
    expect(readerRefreshAt(last, next, now)).toBe(expected);
  });
});
