import { type ReactNode, useId, useState } from "react";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { EmptyState, LoadError, RefreshButton } from "../../../components/ui/list-states.tsx";
import { sortByVotes, type VoteSort } from "../../../lib/article-rules.ts";
import { articleKey } from "../../../lib/articles.ts";
import { useArticleList } from "../use-article-list.ts";
import { useReadingList } from "../use-reading-list.ts";
import { useCardActions } from "./article-card.tsx";
import { FoldedArticle } from "./article-fold.tsx";
import { CardSkeletons, ShowHiddenToggle } from "./article-list-states.tsx";
import { ReadingBar } from "./reading-bar.tsx";

export type ArticleSource = {
  items: readonly FeedItem[];
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorMessage: string;
  refetch: () => void;
};

/**
 * The one article grid the feed pages share, with the show-hidden toggle, an
 * optional sort by up or down votes, and an optional Refresh Feed button.
 */
export function ArticleGrid({
  section,
  source,
  sortable = false,
  refreshable = true,
  emptyText = "No articles to display",
  whenEmpty,
  fold = true,
  label = "this list",
}: {
  section: string;
  source: ArticleSource;
  sortable?: boolean;
  refreshable?: boolean;
  emptyText?: string;
  /** Shown instead of `emptyText` when there are no articles at all (why the feed is empty). */
  whenEmpty?: ReactNode;
  /** Each story once under its earliest article (not on favorites, where each was chosen). */
  fold?: boolean;
  /** What the list is, for its buttons' names ("Bitcoin News"). */
  label?: string;
}) {
  const sortId = useId();
  const [sort, setSort] = useState<VoteSort>("newest");
  const list = useArticleList(section, source.items);
  const actions = useCardActions(list.hidden);
  const reading = useReadingList(section, sortByVotes(list.visible, sort), { fold });
  const shown = reading.folds;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <ShowHiddenToggle count={list.hiddenCount} showing={list.showHidden} onToggle={list.toggleShowHidden} />
        {sortable ? (
          <>
            <label htmlFor={sortId} className="ml-2 text-sm text-muted">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as VoteSort)}
              className="rounded-md border border-line bg-zinc-900 px-2 py-1.5 text-sm text-zinc-200"
            >
              <option value="newest">Newest</option>
              <option value="up">Most up votes</option>
              <option value="down">Most down votes</option>
            </select>
          </>
        ) : null}
        {source.items.length > 0 ? <ReadingBar reading={reading} label={label} /> : null}
        {refreshable ? (
          <span className="ml-auto">
            <RefreshButton label="Refresh Feed" busy={source.isFetching} onRefresh={source.refetch} />
          </span>
        ) : null}
      </div>
      {source.isError && source.items.length === 0 ? (
        <LoadError message={source.errorMessage} onRetry={source.refetch} />
      ) : source.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading articles"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          <CardSkeletons count={6} className="" />
        </div>
      ) : source.items.length === 0 && whenEmpty ? (
        whenEmpty
      ) : list.visible.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>Every article here is read. Turn off Hide read to see them again.</EmptyState>
      ) : (
        // Cards keep their own height: one without a picture is shorter, not stretched with a gap.
        <ul className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((fold) => (
            <li key={articleKey(fold.lead)} className="flex">
              <FoldedArticle fold={fold} actions={actions} reading={reading.readState} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
