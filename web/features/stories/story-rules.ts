import { type FeedKey, feedKeys } from "../../../contracts/feed-catalog.ts";
import type { Story, StorySort } from "../../../contracts/stories.ts";
import { ALL_FEEDS } from "./api.ts";

const sorts: readonly StorySort[] = ["date", "coverage"];
/** The Stories page: newest stories first unless the reader asks for coverage. */
export const DEFAULT_SORT: StorySort = "date";

/**
 * The Stories page's choices as the address keeps them (`?feed=&sort=`); a missing or
 * unknown value means the default, and defaults are left out of the address.
 */
export function readStoryParams(params: URLSearchParams): { feed: FeedKey; sort: StorySort } {
  const feed = params.get("feed");
  const sort = params.get("sort");
  return {
    feed: feedKeys.find((key) => key === feed) ?? ALL_FEEDS,
    sort: sorts.find((value) => value === sort) ?? DEFAULT_SORT,
  };
}

/** The story a link asked to open (`?story=`, e.g. from a token's news), or null. */
export function readLinkedStory(params: URLSearchParams): string | null {
  return params.get("story") || null;
}

/**
 * The address's query after changing one choice, keeping any other parameters — except a
 * linked story, which belonged to the list the reader is now leaving.
 */
export function withStoryParams(
  params: URLSearchParams,
  change: Partial<{ feed: FeedKey; sort: StorySort }>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("story");
  const { feed, sort } = { ...readStoryParams(params), ...change };
  if (feed === ALL_FEEDS) next.delete("feed");
  else next.set("feed", feed);
  if (sort === DEFAULT_SORT) next.delete("sort");
  else next.set("sort", sort);
  return next;
}

/** The Top Stories Summary: how many stories are 'Trending Now'; the rest are 'More Stories'. */
export const TRENDING_COUNT = 3;
/** A summary, not the whole list: the Stories page has every story. */
export const SUMMARY_SIZE = 10;

/** The summary's two groups, each story with its place in the ranking (1-based). */
export function summaryGroups(stories: readonly Story[]) {
  const ranked = stories.slice(0, SUMMARY_SIZE).map((story, index) => ({ story, rank: index + 1 }));
  return { trending: ranked.slice(0, TRENDING_COUNT), more: ranked.slice(TRENDING_COUNT) };
}

/** "1 source", "3 sources". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The stories with an article tagged with `coin` (all of them without one): the Stories page's `?coin=`. */
export function storiesTaggedWith(stories: readonly Story[], coin: string | null): Story[] {
  return coin
    ? stories.filter((story) => story.articles.some((article) => article.coins.includes(coin)))
    : [...stories];
}
