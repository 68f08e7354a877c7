import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { BlogPost, Event } from "../../../contracts/content.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/*
 * The public side of events and the blog. Every key starts with "content" so a change the
 * admin saves can refresh each list that shows events or posts (admin-api.ts).
 */
export const contentKey = ["content"] as const;

export type BlogPage = { posts: BlogPost[]; next: string | null };

export const eventsQuery = queryOptions({
  queryKey: [...contentKey, "events"],
  queryFn: ({ signal }) => getJson<{ events: Event[]; sample: boolean }>(paths.api.events, signal),
  staleTime: 10 * 60_000,
});

export const useEvents = () => useQuery(eventsQuery);

/** How many of the newest posts the home page shows. */
export const HOME_POSTS = 3;
const BLOG_PAGE = 12;

/** `GET /api/blog?limit=3`: the newest posts, for the home page's last section. */
export const latestPostsQuery = queryOptions({
  queryKey: [...contentKey, "blog", "latest"],
  queryFn: ({ signal }) => getJson<BlogPage>(paths.api.blogPosts({ limit: HOME_POSTS }), signal),
  staleTime: 5 * 60_000,
});

export const useLatestPosts = () => useQuery(latestPostsQuery);

/** `GET /api/blog?before=`: /blog, newest first, a page at a time. */
export const blogPostsQuery = infiniteQueryOptions({
  queryKey: [...contentKey, "blog", "pages"],
  queryFn: ({ signal, pageParam }) =>
    getJson<BlogPage>(paths.api.blogPosts({ before: pageParam, limit: BLOG_PAGE }), signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.next ?? undefined,
});

export const useBlogPosts = () => useInfiniteQuery(blogPostsQuery);

/** `GET /api/blog/:slug`: one post; a 404 is 'Post not found'. */
export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: [...contentKey, "blog", "post", slug],
    queryFn: ({ signal }) => getJson<BlogPost>(paths.api.blogPost(slug), signal),
  });

export const useBlogPost = (slug: string) => useQuery(blogPostQuery(slug));
