import { describe, expect, it } from "vitest";
import { articleKey, cardDescription, sourceLabel, truncate } from "./articles.ts";

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

describe("cardDescription", () => {
  const title = "Bitcoin hits record high as spot ETF inflows top $1.2 billion";
  const source = "Bitcoin Magazine";

  it.each([
    ["the title itself", title],
    ["the title in other case and spacing", `  BITCOIN hits record   high as spot ETF\ninflows top $1.2 billion `],
    ["the title and the outlet", `${title} Bitcoin Magazine`],
    ["the title, a dash and the outlet", `${title} - bitcoin magazine`],
    ["the outlet, a colon and the title", `Bitcoin Magazine: ${title}`],
    ["the title with other punctuation", "Bitcoin hits record high, as spot ETF inflows top $1.2 billion!"],
    ["empty", ""],
  ])("shows nothing when the description is %s", (_name, description) => {
    expect(cardDescription({ title, description, source })).toBe("");
  });

  it.each([
    ["says more", `${title}, the highest since March.`],
    ["names another outlet", `${title} CoinDesk`],
    ["is different text", "Spot bitcoin ETFs took in more than $1.2 billion in a single session."],
    ["only starts the same", "Bitcoin hits record high"],
  ])("keeps a description that %s", (_name, description) => {
    expect(cardDescription({ title, description, source })).toBe(description);
  });

  it("keeps the description of an untitled article", () => {
    expect(cardDescription({ title: "", description: "Only text", source })).toBe("Only text");
  });
});
