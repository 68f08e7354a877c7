import { type ReactNode, useId, useState } from "react";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { EmptyState, LoadError, RefreshButton } from "../../../components/ui/list-states.tsx";
import { articleKey } from "../../../lib/articles.ts";
import { sortByVotes, type VoteSort } from "../article-rules.ts";
import { useArticleList } from "../use-article-list.ts";
import { ArticleCard, useCardActions } from "./article-card.tsx";
import { CardSkeletons, ShowHiddenToggle } from "./article-list-states.tsx";

export type ArticleSource = {
  items: readonly FeedItem[];
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorMessage: string;
  refetch: () => void;
};

/**
 * Spec §2: the one article grid the feed pages share, with the show-hidden toggle, an
 * optional sort by up or down votes, and an optional Refresh Feed button.
 */
export function ArticleGrid({
  section,
  source,
  sortable = false,
  refreshable = true,
  emptyText = "No articles to display",
  whenEmpty,
}: {
  section: string;
  source: ArticleSource;
  sortable?: boolean;
  refreshable?: boolean;
  emptyText?: string;
  /** Shown instead of `emptyText` when there are no articles at all (why the feed is empty). */
  whenEmpty?: ReactNode;
}) {
  const sortId = useId();
  const [sort, setSort] = useState<VoteSort>("newest");
  const list = useArticleList(section, source.items);
  const actions = useCardActions(list.hidden);
  const shown = sortByVotes(list.visible, sort);

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
      ) : shown.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        // Cards keep their own height: one without a picture is shorter, not stretched with a gap.
        <ul className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((item) => (
            <li key={articleKey(item)} className="flex">
              <ArticleCard item={item} actions={actions} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
