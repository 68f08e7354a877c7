import { useEffect, useId, useRef } from "react";
import { EmptyState, LoadError, LoadMore, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { setCommentCount } from "../../../lib/discussion.ts";
import { useMe } from "../../../lib/session.ts";
import { COMMENTS_FAILED, useComments } from "../api.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";

export const NO_COMMENTS = "No comments yet — start the discussion.";

/**
 * The comments on one article or blog post (`contentId`: the article's link or the post's
 * url): the form for members (a sign-in prompt for visitors), then the comments, newest
 * first, a page at a time. Used by the discussion drawer and the blog post page.
 */
export function CommentSection({ contentId, headingLevel = 2 }: { contentId: string; headingLevel?: 2 | 3 }) {
  const me = useMe();
  const query = useComments(contentId);
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  const total = query.data?.pages[0]?.total;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  // The card that opened the drawer shows the same count without fetching its feed again.
  useEffect(() => {
    if (total !== undefined) setCommentCount(contentId, total);
  }, [contentId, total]);

  const retry = () => void query.refetch();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <Heading ref={heading} id={headingId} tabIndex={-1} className="text-base font-semibold text-zinc-50 outline-none">
        Comments{total !== undefined ? ` (${total.toLocaleString("en-US")})` : ""}
      </Heading>
      {me.isPending ? null : me.data?.user ? (
        <CommentForm contentId={contentId} memberId={me.data.user.id} />
      ) : (
        <p className="rounded-md border border-line bg-panel/60 px-3 py-2 text-sm text-muted">
          <SignInLink className="font-medium text-gem hover:underline">Sign in</SignInLink> to join the discussion.
        </p>
      )}
      {query.isPending ? (
        <Spinner label="Loading comments" />
      ) : query.isError && !query.data ? (
        <LoadError message={COMMENTS_FAILED} onRetry={retry} />
      ) : comments.length === 0 ? (
        <EmptyState>{NO_COMMENTS}</EmptyState>
      ) : (
        <>
          {query.isRefetchError && !query.isFetching ? (
            <RefreshFailed message="Could not refresh the comments." onRetry={retry} />
          ) : null}
          <ol aria-label="Comments, newest first" className="space-y-4">
            {comments.map((comment) => (
              <li key={comment.id}>
                <CommentItem comment={comment} onDeleted={() => heading.current?.focus()} />
              </li>
            ))}
          </ol>
          <LoadMore pages={query} failed="Could not load more comments." />
        </>
      )}
    </section>
  );
}
