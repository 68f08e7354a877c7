import { describe, expect, it } from "vitest";
import { feedSettingsForDegen, normaliseFeedChoice } from "./settings.ts";

// The degen order, written out again so a slip in the code shows here.
const degenOrder = [
  "gemwire",
  "animalmemes",
  "bitcoin",
  "news",
  "market",
  "search",
  "xfeed",
  "nftart",
  "instagram",
  "tiktok",
  "youtube",
];

describe("feed settings rules", () => {
  it("degen on enables all 11 feeds in the degen order", () => {
    expect(feedSettingsForDegen(true)).toEqual({
      degenMode: true,
      enabledFeeds: degenOrder,
      feedOrder: degenOrder,
    });
  });

  it("degen off enables the 5 default feeds in the default order", () => {
    const settings = feedSettingsForDegen(false);
    expect(settings.enabledFeeds).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
    expect(settings.feedOrder.slice(0, 5)).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
    expect(new Set(settings.feedOrder).size).toBe(11);
  });

  it.each([
    [[], ["bitcoin"]],
    [["news"], ["bitcoin", "news"]],
    [
      ["news", "news", "dogecoin", "youtube"],
      ["bitcoin", "news", "youtube"],
    ],
  ])("keeps bitcoin enabled whatever is sent: %o", (enabled, expected) => {
    expect(normaliseFeedChoice(enabled, []).enabledFeeds).toEqual(expected);
  });

  it("orders enabled feeds by the chosen order, which lists every feed once", () => {
    const choice = normaliseFeedChoice(["news", "bitcoin"], ["news", "news", "market"]);
    expect(choice.enabledFeeds).toEqual(["news", "bitcoin"]);
    expect(choice.feedOrder.slice(0, 2)).toEqual(["news", "market"]);
    expect(new Set(choice.feedOrder).size).toBe(11);
  });
});
