import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BlogPostSummary, Event } from "../../../contracts/content.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/*
 * What the home page reads: the events and the newest posts (the blog pages' queries are in
 * blog-api.ts, outside the home route's first download). Every key starts with "content" so
 * a change the admin saves can refresh each list that shows events or posts (admin-api.ts).
 */
export const contentKey = ["content"] as const;

export type BlogPage = { posts: BlogPostSummary[]; next: string | null };

export const eventsQuery = queryOptions({
  queryKey: [...contentKey, "events"],
  queryFn: ({ signal }) => getJson<{ events: Event[]; sample: boolean }>(paths.api.events, signal),
  staleTime: 10 * 60_000,
});

export const useEvents = () => useQuery(eventsQuery);

/** How many of the newest posts the home page shows. */
export const HOME_POSTS = 3;

/** `GET /api/blog?limit=3`: the newest posts, for the home page's last section. */
export const latestPostsQuery = queryOptions({
  queryKey: [...contentKey, "blog", "latest"],
  queryFn: ({ signal }) => getJson<BlogPage>(paths.api.blogPosts({ limit: HOME_POSTS }), signal),
  staleTime: 5 * 60_000,
});

export const useLatestPosts = () => useQuery(latestPostsQuery);
