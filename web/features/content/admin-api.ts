import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { BlogInput, BlogPost, Event, EventInput } from "../../../contracts/content.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";
import { contentKey } from "./api.ts";

/** The admin's list of posts: whole posts (the readers' list leaves the content out). */
type BlogPage = { posts: BlogPost[]; next: string | null };

/*
 * The admin's side of events and the blog: admin only, enforced by the
 * server. Loaded with the admin page only, never by the home route.
 */

type EventPage = { events: Event[]; next: string | null };
type Extracted = { title: string; excerpt: string; content: string; image: string | null; author: string };

const ADMIN_PAGE = 20;
/** Opening `?edit={id}` without the list at hand looks through this many pages of 100 at most. */
const LOOKUP_PAGES = 10;

const adminEventsKey = [...contentKey, "admin", "events"] as const;
const adminPostsKey = [...contentKey, "admin", "blog"] as const;
const eventListsKey = [...adminEventsKey, "list"] as const;
const postListsKey = [...adminPostsKey, "list"] as const;

/** `GET /api/admin/events?q=`: the events list, newest start first, a page at a time. */
export const adminEventsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...eventListsKey, q],
    queryFn: ({ signal, pageParam }) =>
      getJson<EventPage>(paths.api.adminEvents({ q, before: pageParam, limit: ADMIN_PAGE }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useAdminEvents = (q: string) => useInfiniteQuery(adminEventsQuery(q));

/** `GET /api/admin/blog?q=`: the blogs list, newest first, a page at a time. */
export const adminPostsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...postListsKey, q],
    queryFn: ({ signal, pageParam }) =>
      getJson<BlogPage>(paths.api.adminBlogPosts({ q, before: pageParam, limit: ADMIN_PAGE }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useAdminPosts = (q: string) => useInfiniteQuery(adminPostsQuery(q));

/** Thrown when `?edit={id}` names an event or post that is not (or no longer) there. */
export class NotFoundForEdit extends Error {}

/**
 * The item `?edit={id}` names: from a list already on screen when it holds it (the usual way
 * there, the list's Edit link), else looked up page by page — the API has no single-item
 * admin read, and an admin's lists are short.
 */
async function findForEdit<T extends { id: string }>(
  client: QueryClient,
  listKey: readonly unknown[],
  pick: (page: unknown) => T[],
  fetchPage: (before: string | undefined) => Promise<{ items: T[]; next: string | null }>,
  id: string,
): Promise<T> {
  for (const [, data] of client.getQueriesData<InfiniteData<unknown>>({ queryKey: listKey })) {
    const found = data?.pages.flatMap(pick).find((item) => item.id === id);
    if (found) return found;
  }
  let before: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const { items, next } = await fetchPage(before);
    const found = items.find((item) => item.id === id);
    if (found) return found;
    if (!next) break;
    before = next;
  }
  throw new NotFoundForEdit(id);
}

export function useEventForEdit(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    enabled: id !== null,
    queryKey: [...adminEventsKey, "edit", id ?? ""],
    queryFn: ({ signal }) =>
      findForEdit(
        client,
        eventListsKey,
        (page) => (page as EventPage).events,
        async (before) => {
          const page = await getJson<EventPage>(paths.api.adminEvents({ before, limit: 100 }), signal);
          return { items: page.events, next: page.next };
        },
        id ?? "",
      ),
    retry: false,
    // Read afresh each time a form opens (a saved change must show), then left alone while it is open.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePostForEdit(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    enabled: id !== null,
    queryKey: [...adminPostsKey, "edit", id ?? ""],
    queryFn: ({ signal }) =>
      findForEdit(
        client,
        postListsKey,
        (page) => (page as BlogPage).posts,
        async (before) => {
          const page = await getJson<BlogPage>(paths.api.adminBlogPosts({ before, limit: 100 }), signal);
          return { items: page.posts, next: page.next };
        },
        id ?? "",
      ),
    retry: false,
    // Read afresh each time a form opens (a saved change must show), then left alone while it is open.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After any change: every list of events or posts (home, /blog, the admin's) loads afresh. */
const refreshContent = (client: QueryClient) => client.invalidateQueries({ queryKey: contentKey });

export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, event }: { id: string | null; event: EventInput }) =>
      id === null
        ? sendJson<unknown>("POST", paths.api.adminEvents(), event)
        : sendJson<unknown>("PUT", paths.api.adminEvent(id), event),
    onSuccess: () => refreshContent(client),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson("DELETE", paths.api.adminEvent(id), undefined),
    onSuccess: () => refreshContent(client),
  });
}

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, post }: { id: string | null; post: BlogInput }) =>
      id === null
        ? sendJson<unknown>("POST", paths.api.adminBlogPosts(), post)
        : sendJson<unknown>("PUT", paths.api.adminBlogPost(id), post),
    onSuccess: () => refreshContent(client),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson("DELETE", paths.api.adminBlogPost(id), undefined),
    onSuccess: () => refreshContent(client),
  });
}

/** Uploads a picture for a post; the server checks and re-encodes it and answers its address. */
export function useUploadPostImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return sendJson<{ image: string }>("POST", paths.api.blogImages, form);
    },
  });
}

/** Extract: the server reads the article at `url` and answers what the form can take from it. */
export function useExtract() {
  return useMutation({
    mutationFn: (url: string) => sendJson<Extracted>("POST", paths.api.blogExtract, { url }),
  });
}

export type { BlogPost, Event, Extracted };
