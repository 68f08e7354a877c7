import { Trophy } from "lucide-react";
import { useRef } from "react";
import { Link, useSearchParams } from "react-router";
import type { Blurt } from "../../../../contracts/community.ts";
import {
  type BlurtFilter,
  type BlurtSort,
  blurtFilterLabels,
  blurtFilters,
  blurtSortLabels,
  blurtSorts,
} from "../../../../contracts/community-catalog.ts";
import { EmptyState, LoadError, LoadMore, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ToggleGroup } from "../../../components/ui/toggle-group.tsx";
import { paths } from "../../../paths.ts";
import { COMMENTS_FAILED, PREDICTIONS_FAILED, useBlurts } from "../api.ts";
import { blurtsFailure, readBlurtParams, withBlurtParams } from "../blurt-params.ts";
import { BlurtItem, type RenderPrediction } from "./blurt-item.tsx";
import { OpenedComment, useOpenedComment } from "./opened-comment.tsx";

export const NO_ACTIVITY = "No activity yet";

const blurtKey = (blurt: Blurt) => (blurt.kind === "comment" ? `c:${blurt.comment.id}` : `p:${blurt.prediction.id}`);

/**
 * Blurts: one timeline of members' comments and predictions, filtered and sorted
 * through the address, a page at a time. `?comment=<id>` (where a notification leads)
 * scrolls to that comment, or shows it on top when it is not on the page.
 */
export function BlurtsPage({ renderPrediction }: { renderPrediction: RenderPrediction }) {
  const [params, setParams] = useSearchParams();
  const { filter, sort, comment } = readBlurtParams(params);
  const query = useBlurts(filter, sort);
  const blurts = query.data?.pages.flatMap((page) => page.blurts) ?? [];
  const listed = comment !== null && blurts.some((b) => b.kind === "comment" && b.comment.id === comment);
  const opened = useOpenedComment(comment, listed, !query.isPending);
  // Each choice is a new history entry: back and forward step through them.
  const choose = (change: { filter?: BlurtFilter; sort?: BlurtSort }) => setParams(withBlurtParams(params, change));
  const retry = () => void query.refetch();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusHeading = () => heading.current?.focus();
  /** After a delete, focus goes to the entry that followed it (else the one before), else the heading. */
  const focusNear = (key: string) => {
    const at = blurts.findIndex((blurt) => blurtKey(blurt) === key);
    const near = [blurts[at + 1], blurts[at - 1]].flatMap((blurt) => (blurt ? [blurtKey(blurt)] : []));
    const items = [...(list.current?.children ?? [])] as HTMLElement[];
    const target = near.map((k) => items.find((item) => item.dataset.key === k)).find(Boolean);
    if (target) target.focus();
    else focusHeading();
  };

  return (
    <Page
      title="Blurts"
      headingRef={heading}
      description="What members are saying and predicting: comments on articles and GEMS predictions."
      actions={
        <Link to={paths.leaderboard} className="inline-flex items-center gap-1.5 text-sm text-gem hover:underline">
          <Trophy className="size-4" aria-hidden />
          GEMS leaderboard
        </Link>
      }
    >
      <div className="max-w-3xl space-y-4">
        <div className="flex flex-wrap gap-3">
          <ToggleGroup
            legend="Show"
            values={blurtFilters}
            labels={blurtFilterLabels}
            value={filter}
            onChoose={(next) => choose({ filter: next })}
          />
          <ToggleGroup
            legend="Order"
            values={blurtSorts}
            labels={blurtSortLabels}
            value={sort}
            onChoose={(next) => choose({ sort: next })}
          />
        </div>
        {opened.pinned ? <OpenedComment id={opened.pinned} reveal={opened.reveal} onDeleted={focusHeading} /> : null}
        {query.isPending ? (
          <Spinner label="Loading activity" />
        ) : query.isError && !query.data ? (
          <LoadError message={blurtsFailure(filter, COMMENTS_FAILED, PREDICTIONS_FAILED)} onRetry={retry} />
        ) : blurts.length === 0 ? (
          <EmptyState>{NO_ACTIVITY}</EmptyState>
        ) : (
          <>
            {query.isRefetchError && !query.isFetching ? (
              <RefreshFailed message="Could not refresh the timeline." onRetry={retry} />
            ) : null}
            <ul ref={list} aria-label="Blurts" className="space-y-3">
              {blurts.map((blurt) => {
                const isOpened = blurt.kind === "comment" && blurt.comment.id === comment;
                const key = blurtKey(blurt);
                return (
                  <li
                    key={key}
                    data-key={key}
                    ref={isOpened && opened.inList ? opened.reveal : undefined}
                    tabIndex={-1}
                    aria-current={isOpened || undefined}
                    className={`scroll-mt-36 rounded-xl border bg-panel p-4 outline-none focus-visible:ring-2 focus-visible:ring-gem/60 ${
                      isOpened ? "border-gem ring-2 ring-gem/60" : "border-line"
                    }`}
                  >
                    <BlurtItem blurt={blurt} renderPrediction={renderPrediction} onDeleted={() => focusNear(key)} />
                  </li>
                );
              })}
            </ul>
            <LoadMore pages={query} failed="Could not load more activity." />
          </>
        )}
      </div>
    </Page>
  );
}
