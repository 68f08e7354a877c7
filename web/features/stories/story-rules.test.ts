import { describe, expect, it } from "vitest";
import { readLinkedStory, readStoryParams, summaryGroups, withStoryParams } from "./story-rules.ts";
import { stories } from "./test/stories.ts";

describe("the Stories page's address (?feed=&sort=)", () => {
  it.each([
    ["", { feed: "gemwire", sort: "date" }],
    ["feed=bitcoin", { feed: "bitcoin", sort: "date" }],
    ["sort=coverage", { feed: "gemwire", sort: "coverage" }],
    ["feed=news&sort=date", { feed: "news", sort: "date" }],
    ["feed=nope&sort=votes", { feed: "gemwire", sort: "date" }],
    ["feed=&sort=", { feed: "gemwire", sort: "date" }],
  ])("reads %j", (query, expected) => {
    expect(readStoryParams(new URLSearchParams(query))).toEqual(expected);
  });

  it.each([
    ["", { sort: "coverage" as const }, "sort=coverage"],
    ["sort=coverage", { sort: "date" as const }, ""],
    ["sort=coverage", { feed: "market" as const }, "sort=coverage&feed=market"],
    ["feed=market&sort=coverage", { feed: "gemwire" as const }, "sort=coverage"],
    ["feed=nope&x=1", { sort: "coverage" as const }, "x=1&sort=coverage"],
    ["feed=bitcoin&story=story-42", { sort: "coverage" as const }, "feed=bitcoin&sort=coverage"],
  ])("from %j, %j gives %j, defaults and a linked story left out", (query, change, expected) => {
    expect(withStoryParams(new URLSearchParams(query), change).toString()).toBe(expected);
  });

  it.each([
    ["feed=bitcoin&story=story-42", "story-42"],
    ["story=", null],
    ["feed=bitcoin", null],
  ])("reads the linked story of %j as %j", (query, expected) => {
    expect(readLinkedStory(new URLSearchParams(query))).toBe(expected);
  });
});

describe("the Top Stories Summary's groups", () => {
  it("puts the first 3 under Trending Now and the rest under More Stories, ranked from 1", () => {
    const { trending, more } = summaryGroups(stories(5));
    expect(trending.map((e) => [e.rank, e.story.title])).toEqual([
      [1, "Story 1"],
      [2, "Story 2"],
      [3, "Story 3"],
    ]);
    expect(more.map((e) => [e.rank, e.story.title])).toEqual([
      [4, "Story 4"],
      [5, "Story 5"],
    ]);
  });

  it("has nothing more with 3 or fewer, and shows at most 10", () => {
    expect(summaryGroups(stories(2))).toMatchObject({ trending: [{ rank: 1 }, { rank: 2 }], more: [] });
    expect(summaryGroups([])).toEqual({ trending: [], more: [] });
    expect(summaryGroups(stories(25)).more.at(-1)?.rank).toBe(10);
  });
});
