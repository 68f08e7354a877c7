import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { BlogPost } from "../../../contracts/content.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";
import { type BlogPage, contentKey } from "./api.ts";

/** The queries of /blog and /blog/{slug}, loaded with those pages only. */

const BLOG_PAGE = 12;

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
