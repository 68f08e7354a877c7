import { describe, expect, it } from "vitest";
import type { ArticleRow } from "../feeds/repository.ts";
import { PUBLIC_FEEDS } from "../feeds/visible-feeds.ts";
import type { StoryGroup } from "./service.ts";
import { storiesVisibleTo } from "./visible.ts";

let id = 0;
const row = (feed: string, source: string, time: number): ArticleRow => ({
  id: ++id,
  feed_key: feed,
  item_id: `i${id}`,
  title: "t",
  link: `https://${source}/${id}`,
  published_at: time,
  description: "",
  image: null,
  source,
  creator: "",
  first_seen_at: time,
  updated_at: time,
  coins: "",
});
const story = (...articles: ArticleRow[]): StoryGroup => ({
  articles,
  timestamp: Math.max(...articles.map((a) => a.published_at)),
  sources: new Set(articles.map((a) => a.source)).size,
  firstSource: articles[0]?.source ?? "",
});

describe("stories as a viewer sees them", () => {
  const mine = "mf-aaaaaaaaaaaa";
  const other = "mf-bbbbbbbbbbbb";

  it("are the very same list when no story holds a member feed's article", () => {
    const stories = [story(row("news", "a.example", 1), row("bitcoin", "b.example", 2))];
    expect(storiesVisibleTo(stories, PUBLIC_FEEDS)).toBe(stories);
    expect(storiesVisibleTo(stories, { followed: [mine] })).toBe(stories);
  });

  it("keep only visible articles, drop stories left with one, and share one list between viewers alike", () => {
    const mixed = story(row("news", "a.example", 1), row("bitcoin", "b.example", 2), row(mine, "c.example", 3));
    const pair = story(row("news", "d.example", 1), row(mine, "e.example", 2));
    const stories = [mixed, pair];
    const visitor = storiesVisibleTo(stories, PUBLIC_FEEDS);
    expect(visitor).toHaveLength(1);
    expect(visitor[0]?.articles.map((a) => a.feed_key)).toEqual(["news", "bitcoin"]);
    expect(visitor[0]).toMatchObject({ sources: 2, timestamp: 2 });
    // Following only feeds in no story changes nothing: the same list as a visitor's.
    expect(storiesVisibleTo(stories, { followed: [other] })).toBe(visitor);
    expect(storiesVisibleTo(stories, { followed: [mine, other] })).toBe(stories);
  });
});
