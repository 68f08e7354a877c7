import { describe, expect, it } from "vitest";
import { blurtsFailure, readBlurtParams, withBlurtParams } from "./blurt-params.ts";

const read = (search: string) => readBlurtParams(new URLSearchParams(search));
const write = (search: string, change: Parameters<typeof withBlurtParams>[1]) =>
  withBlurtParams(new URLSearchParams(search), change).toString();

describe("Blurts' address", () => {
  it.each([
    ["", { filter: "all", sort: "newest", comment: null }],
    ["filter=comments&sort=winning", { filter: "comments", sort: "winning", comment: null }],
    ["filter=completed&sort=losing", { filter: "completed", sort: "losing", comment: null }],
    ["filter=active", { filter: "active", sort: "newest", comment: null }],
    ["filter=Comments&sort=best", { filter: "all", sort: "newest", comment: null }],
    ["comment=c_1-x", { filter: "all", sort: "newest", comment: "c_1-x" }],
    ["comment=", { filter: "all", sort: "newest", comment: null }],
    ["comment=a%20b", { filter: "all", sort: "newest", comment: null }],
    [`comment=${"x".repeat(41)}`, { filter: "all", sort: "newest", comment: null }],
  ])("reads ?%s", (search, expected) => {
    expect(read(search)).toEqual(expected);
  });

  it.each([
    ["", { filter: "comments" as const }, "filter=comments"],
    ["filter=comments", { filter: "all" as const }, ""],
    ["filter=active", { sort: "winning" as const }, "filter=active&sort=winning"],
    ["filter=active&sort=winning", { sort: "newest" as const }, "filter=active"],
    ["comment=c1&sort=losing", { filter: "predictions" as const }, "filter=predictions&sort=losing"],
    ["utm=x&filter=bogus", { sort: "losing" as const }, "utm=x&sort=losing"],
  ])("from ?%s choosing %o gives ?%s (defaults left out, the opened comment let go)", (search, change, expected) => {
    expect(write(search, change)).toBe(expected);
  });

  it.each([
    ["comments", ["C"]],
    ["predictions", ["P"]],
    ["active", ["P"]],
    ["completed", ["P"]],
    ["all", ["C", "P"]],
  ] as const)("a failed load on %s says %o", (filter, lines) => {
    expect(blurtsFailure(filter, "C", "P")).toEqual(lines);
  });
});
