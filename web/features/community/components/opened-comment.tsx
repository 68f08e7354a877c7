import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { LoadError } from "../../../components/ui/list-states.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { commentQuery } from "../api.ts";
import { CommentedOn } from "./blurt-item.tsx";
import { CommentItem } from "./comment-item.tsx";

export const COMMENT_DELETED = "This comment was deleted.";

/**
 * Where the comment named by `?comment=` shows: once the timeline's first page is in, in the
 * list when it is there, else pinned on top (fetched by itself). The choice is kept for that
 * comment, so loading more pages later does not make it jump. `reveal` scrolls to it and
 * moves focus to it, once.
 */
export function useOpenedComment(id: string | null, listed: boolean, settled: boolean) {
  const [placed, setPlaced] = useState<{ id: string; inList: boolean } | null>(null);
  useEffect(() => {
    if (id === null || !settled || placed?.id === id) return;
    setPlaced({ id, inList: listed });
  }, [id, listed, settled, placed?.id]);
  const revealed = useRef<string | null>(null);
  const reveal = useCallback(
    (element: HTMLElement | null) => {
      if (!element || id === null || revealed.current === id) return;
      revealed.current = id;
      element.scrollIntoView({ block: "center", behavior: "smooth" });
      element.focus({ preventScroll: true });
    },
    [id],
  );
  const current = placed && placed.id === id ? placed : null;
  return { inList: current?.inList === true, pinned: current && !current.inList ? current.id : null, reveal };
}

/**
 * The comment a notification pointed at, shown above the timeline because it is not on its
 * first page. `onDeleted` moves focus on once it is deleted.
 */
export function OpenedComment({
  id,
  reveal,
  onDeleted,
}: {
  id: string;
  reveal: (element: HTMLElement | null) => void;
  onDeleted: () => void;
}) {
  const query = useQuery(commentQuery(id));
  const gone = query.error instanceof ApiError && query.error.status === 404;
  return (
    <section aria-label="The comment you opened" className="space-y-2">
      <h2 className="text-sm font-semibold text-zinc-300">The comment you opened</h2>
      {query.isPending ? (
        <Spinner label="Loading the comment" />
      ) : gone ? (
        <p
          ref={reveal}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-line bg-panel/60 p-4 text-sm text-muted outline-none"
        >
          {COMMENT_DELETED}
        </p>
      ) : query.isError ? (
        <LoadError message="Could not load the comment you opened." onRetry={() => void query.refetch()} />
      ) : (
        <div
          ref={reveal}
          tabIndex={-1}
          aria-current="true"
          className="rounded-xl border border-gem bg-panel p-4 outline-none ring-2 ring-gem/60"
        >
          <CommentItem comment={query.data} context={<CommentedOn comment={query.data} />} onDeleted={onDeleted} />
        </div>
      )}
    </section>
  );
}
