import { describe, expect, it } from "vitest";
import { readTrendParams, withTrendParams } from "./trend-params.ts";

const read = (search: string) => readTrendParams(new URLSearchParams(search));
const change = (search: string, next: Parameters<typeof withTrendParams>[1]) =>
  withTrendParams(new URLSearchParams(search), next).toString();

describe("the Search Trends address", () => {
  it.each([
    ["", { period: "24h", sort: "traffic", page: 1 }],
    ["period=4h&sort=time&page=3", { period: "4h", sort: "time", page: 3 }],
    ["period=1h&sort=popular&page=0", { period: "24h", sort: "traffic", page: 1 }],
    ["page=-2", { period: "24h", sort: "traffic", page: 1 }],
    ["page=2.5", { period: "24h", sort: "traffic", page: 1 }],
    ["page=99999", { period: "24h", sort: "traffic", page: 1 }],
    ["page=10000", { period: "24h", sort: "traffic", page: 10_000 }],
    ["period=7D", { period: "24h", sort: "traffic", page: 1 }],
  ])("reads %j", (search, expected) => {
    expect(read(search)).toEqual(expected);
  });

  it("writes only what differs from the defaults, and keeps other parameters", () => {
    expect(change("", { sort: "time" })).toBe("sort=time");
    expect(change("sort=time", { sort: "traffic" })).toBe("");
    expect(change("utm=x", { period: "7d", page: 2 })).toBe("utm=x&period=7d&page=2");
  });

  it("starts again at page 1 when the period or the sort changes, not otherwise", () => {
    expect(change("period=7d&page=3", { sort: "time" })).toBe("period=7d&sort=time");
    expect(change("period=7d&page=3", { period: "48h" })).toBe("period=48h");
    expect(change("period=7d&page=3", { period: "7d" })).toBe("period=7d&page=3");
    expect(change("page=3", { page: 4 })).toBe("page=4");
  });
});
