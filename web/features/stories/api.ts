import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FeedKey } from "../../../contracts/feed-catalog.ts";
import type { Story, storySortValues } from "../../../contracts/stories.ts";
import { getJson } from "../../lib/api-client.ts";
import { useSiteConfig } from "../../lib/site-config.ts";

export type StorySort = (typeof storySortValues)[number];
export type StoriesAnswer = { stories: Story[]; windowHours: number };

/** Spec §8: what a stories list says when it has nothing to show. */
export const NO_STORIES = "No stories found. Try refreshing the feed.";
/** Stories cannot be loaded (worded like the spec's feed failure, §8). */
export const STORIES_FAILED = "Failed to fetch stories. Please try again later.";
/** The feed whose stories cluster every feed together: the top stories. */
export const ALL_FEEDS: FeedKey = "gemwire";
/** DESIGN (FEED_REFRESH_MS): stories are recomputed when the feeds refresh, so they go stale with them. */
const DEFAULT_REFRESH_MS = 300_000;

/** `GET /api/stories`; without a sort the server ranks the top stories by coverage, recency and votes. */
export function storiesUrl(feed: FeedKey, sort?: StorySort): string {
  const query = new URLSearchParams({ feed });
  if (sort) query.set("sort", sort);
  return `/api/stories?${query}`;
}

export function storiesQuery(feed: FeedKey, sort: StorySort | undefined, refreshMs = DEFAULT_REFRESH_MS) {
  return queryOptions({
    queryKey: ["stories", feed, sort ?? "ranked"],
    queryFn: ({ signal }) => getJson<StoriesAnswer>(storiesUrl(feed, sort), signal),
    staleTime: refreshMs,
    refetchInterval: refreshMs,
  });
}

/**
 * A feed's stories in the given order. A new order keeps the stories on screen while it
 * loads; another feed's stories never stand in for this one's.
 */
export function useStories(feed: FeedKey, sort?: StorySort) {
  const refreshMs = useSiteConfig().data?.feedRefreshMs ?? DEFAULT_REFRESH_MS;
  return useQuery({
    ...storiesQuery(feed, sort, refreshMs),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === feed ? keepPreviousData(previous) : undefined,
  });
}
