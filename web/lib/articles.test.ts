import { describe, expect, it } from "vitest";
import { articleKey, sourceLabel, truncate } from "./articles.ts";

describe("article labels", () => {
  it("cuts the source label to 30 characters", () => {
    expect(sourceLabel("a".repeat(30))).toBe("a".repeat(30));
    const cut = sourceLabel("b".repeat(45));
    expect(cut).toHaveLength(30);
    expect(cut.endsWith("…")).toBe(true);
  });

  it.each([
    ["  one \n two  ", 100, "one two"],
    ["Bitcoin hits a record", 9, "Bitcoin…"],
    ["exactly10!", 10, "exactly10!"],
  ])("truncates %j to %i characters on whitespace-collapsed text: %j", (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it("knows an article by its link, or by its id when it has none", () => {
    expect(articleKey({ link: "https://news.example/a", id: "1" })).toBe("https://news.example/a");
    expect(articleKey({ link: "", id: "1" })).toBe("1");
  });
});
