import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { FeedKey } from "../../../contracts/feed-catalog.ts";
import type { Story, StorySort } from "../../../contracts/stories.ts";
import { getJson } from "../../lib/api-client.ts";
import { DEFAULT_FEED_REFRESH_MS, useFeedRefreshMs } from "../../lib/site-config.ts";
import { paths } from "../../paths.ts";

/** A page of stories; `next` asks for the following page (null on the last). */
export type StoriesAnswer = { stories: Story[]; windowHours: number; next: string | null };

/** What a stories list says when it has nothing to show. */
export const NO_STORIES = "No stories found. Try refreshing the feed.";
/** Stories cannot be loaded (worded like a feed's failure). */
export const STORIES_FAILED = "Failed to fetch stories. Please try again later.";
/** The next page of stories could not be fetched; those on screen stay. */
export const MORE_STORIES_FAILED = "More stories could not be loaded.";
/** Stories are on screen but could not be fetched again. */
export const STORIES_STALE = "Stories could not be refreshed. Showing the last ones loaded.";
/** The feed whose stories cluster every feed together: the top stories. */
export const ALL_FEEDS: FeedKey = "gemwire";

/**
 * `GET /api/stories`: without a sort the server ranks the top stories by coverage, recency
 * and votes; without a limit it sends its default number. Stories are recomputed when the
 * feeds refresh (FEED_REFRESH_MS), so they go stale with them.
 */
export function storiesQuery(
  feed: FeedKey,
  { sort, limit }: { sort?: StorySort; limit?: number } = {},
  refreshMs = DEFAULT_FEED_REFRESH_MS,
) {
  return queryOptions({
    queryKey: ["stories", feed, sort ?? "ranked", limit ?? "default"],
    queryFn: ({ signal }) => getJson<StoriesAnswer>(paths.api.stories({ feed, sort, limit }), signal),
    staleTime: refreshMs,
    refetchInterval: refreshMs,
  });
}

/** The top stories, ranked across every feed, at most `limit` of them. */
export function useTopStories(limit: number) {
  return useQuery(storiesQuery(ALL_FEEDS, { limit }, useFeedRefreshMs()));
}

/**
 * A feed's stories in the given order, a page (the server's default size) at a time:
 * `fetchNextPage` asks for the page after the last one loaded. A refresh fetches every
 * loaded page again, from the first. A new order keeps the stories on screen while it
 * loads; another feed's stories never stand in for this one's.
 */
export function useStories(feed: FeedKey, sort?: StorySort) {
  const refreshMs = useFeedRefreshMs();
  return useInfiniteQuery({
    queryKey: ["stories", feed, sort ?? "ranked", "pages"],
    queryFn: ({ pageParam, signal }) =>
      getJson<StoriesAnswer>(paths.api.stories({ feed, sort, before: pageParam }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: refreshMs,
    refetchInterval: refreshMs,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === feed ? keepPreviousData(previous) : undefined,
  });
}

/** The loaded pages' stories in order, each once (a story can move to a later page between two fetches). */
export function storiesOfPages(pages: readonly StoriesAnswer[] | undefined): Story[] {
  const seen = new Set<string>();
  return (pages ?? [])
    .flatMap((page) => page.stories)
    .filter((story) => {
      if (seen.has(story.id)) return false;
      seen.add(story.id);
      return true;
    });
}
