import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { Blurt, Blurts, Comment, Comments } from "../../../contracts/community.ts";
import type { BlurtFilter, BlurtSort } from "../../../contracts/community-catalog.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/*
 * Comments and the Blurts timeline (notifications are in notifications-api.ts). Every key
 * starts with "community" so a change to a comment can find each list that shows it.
 */

/** What a failed load of comments says. */
export const COMMENTS_FAILED = "Failed to load comments";
/** What a failed load of predictions says. */
export const PREDICTIONS_FAILED = "Failed to load predictions";

const commentsKey = (contentId: string) => ["community", "comments", contentId] as const;
const commentKey = (id: string) => ["community", "comment", id] as const;
const blurtsKey = ["community", "blurts"] as const;

/** `GET /api/comments?contentId=`: an article's or post's comments, newest first, page by page. */
export function commentsQuery(contentId: string) {
  return infiniteQueryOptions({
    queryKey: commentsKey(contentId),
    queryFn: ({ signal, pageParam }) => getJson<Comments>(paths.api.comments(contentId, pageParam), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

export const useComments = (contentId: string) => useInfiniteQuery(commentsQuery(contentId));

/** `GET /api/comments/:id`: one comment (the one a notification points at), 404 once deleted. */
export function commentQuery(id: string) {
  return queryOptions({
    queryKey: commentKey(id),
    queryFn: ({ signal }) => getJson<Comment>(paths.api.comment(id), signal),
    staleTime: 30_000,
  });
}

/** `GET /api/blurts`: the timeline of comments and predictions, page by page. */
export function blurtsQuery(filter: BlurtFilter, sort: BlurtSort) {
  return infiniteQueryOptions({
    queryKey: [...blurtsKey, filter, sort],
    queryFn: ({ signal, pageParam }) => getJson<Blurts>(paths.api.blurts({ filter, sort, before: pageParam }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

export const useBlurts = (filter: BlurtFilter, sort: BlurtSort) => useInfiniteQuery(blurtsQuery(filter, sort));

type CommentPages = InfiniteData<Comments, string | undefined>;
type BlurtPages = InfiniteData<Blurts, string | undefined>;

/** Changes the comment in every cached list and page that holds it. */
function everywhere(client: QueryClient, contentId: string, change: (comments: Comment[]) => Comment[]) {
  client.setQueryData<CommentPages>(commentsKey(contentId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, comments: change(page.comments) })) } : data,
  );
  for (const [key, data] of client.getQueriesData<BlurtPages>({ queryKey: blurtsKey })) {
    if (!data) continue;
    client.setQueryData<BlurtPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        blurts: page.blurts.flatMap((blurt): Blurt[] =>
          blurt.kind === "comment" ? change([blurt.comment]).map((comment) => ({ kind: "comment", comment })) : [blurt],
        ),
      })),
    });
  }
}

const holds = (data: CommentPages | undefined, id: string) =>
  data?.pages.some((page) => page.comments.some((comment) => comment.id === id)) ?? false;

/** Adds the total change to every page (each page carries the article's total). */
function retotal(client: QueryClient, contentId: string, by: number) {
  client.setQueryData<CommentPages>(commentsKey(contentId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, total: Math.max(0, page.total + by) })) } : data,
  );
}

/** `POST /api/comments`: the new comment goes on top of the article's list at once. */
export function useAddComment(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendJson<Comment>("POST", paths.api.addComment, { contentId, content }),
    onSuccess: (comment) => {
      const data = client.getQueryData<CommentPages>(commentsKey(contentId));
      if (data && !holds(data, comment.id)) {
        const [first, ...rest] = data.pages;
        if (first)
          client.setQueryData<CommentPages>(commentsKey(contentId), {
            ...data,
            pages: [{ ...first, comments: [comment, ...first.comments] }, ...rest],
          });
        retotal(client, contentId, 1);
      }
      void client.invalidateQueries({ queryKey: blurtsKey });
    },
  });
}

/** `PATCH /api/comments/:id`: the edited text replaces the old one wherever it shows. */
export function useEditComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, content }: { comment: Comment; content: string }) =>
      sendJson<Comment>("PATCH", paths.api.comment(comment.id), { content }),
    onSuccess: (edited) => {
      everywhere(client, edited.contentId, (comments) => comments.map((c) => (c.id === edited.id ? edited : c)));
      client.setQueryData(commentKey(edited.id), (old: Comment | undefined) => (old ? edited : old));
    },
  });
}

/** `DELETE /api/comments/:id`: the comment leaves every list; a page showing it alone learns it is gone. */
export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) => sendJson("DELETE", paths.api.comment(comment.id), undefined),
    onSuccess: (_answer, comment) => {
      const listed = holds(client.getQueryData<CommentPages>(commentsKey(comment.contentId)), comment.id);
      everywhere(client, comment.contentId, (comments) => comments.filter((c) => c.id !== comment.id));
      if (listed) retotal(client, comment.contentId, -1);
      else void client.invalidateQueries({ queryKey: commentsKey(comment.contentId) });
      void client.invalidateQueries({ queryKey: commentKey(comment.id) });
    },
  });
}
