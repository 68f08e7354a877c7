import type { ReactNode, Ref } from "react";
import { EmptyState, LoadError, LoadMore, RefreshFailed } from "../../../../components/ui/list-states.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { SearchBox } from "./search-box.tsx";

/** What an admin list needs of its paged query (TanStack's infinite query). */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isRefetchError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
  data: unknown;
  error: Error | null;
};

/**
 * An admin list (events or posts): the search box, then the list a page at a time, or why
 * there is none — nothing stored, nothing matching, or a failed load (with the server's
 * reason, e.g. an admin session that ended) and a retry.
 */
export function AdminList({
  label,
  search,
  q,
  onSearch,
  query,
  count,
  empty,
  failed,
  searchRef,
  children,
}: {
  label: string;
  search: string;
  q: string;
  onSearch: (q: string) => void;
  query: PagedQuery;
  count: number;
  empty: string;
  failed: string;
  /** The search box, where focus goes when a deleted row takes it away. */
  searchRef?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  const retry = () => void query.refetch();
  return (
    <div className="space-y-4">
      <SearchBox label={search} value={q} onSearch={onSearch} inputRef={searchRef} />
      {query.isPending ? (
        <Spinner label={`Loading ${label.toLowerCase()}`} />
      ) : query.isError && !query.data ? (
        <LoadError message={query.error ? [failed, query.error.message] : failed} onRetry={retry} />
      ) : count === 0 ? (
        <EmptyState>{q ? `${empty} for “${q}”` : empty}</EmptyState>
      ) : (
        <>
          {query.isRefetchError && !query.isFetching ? (
            <RefreshFailed message={`Could not refresh the ${label.toLowerCase()}.`} onRetry={retry} />
          ) : null}
          <ul aria-label={label} className="divide-y divide-line rounded-xl border border-line bg-panel/40">
            {children}
          </ul>
          <LoadMore pages={query} failed={`Could not load more ${label.toLowerCase()}.`} />
        </>
      )}
    </div>
  );
}

/** One row's Edit link and Delete button, named after the row for screen readers. */
export function RowActions({ name, edit, onDelete }: { name: string; edit: ReactNode; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      {edit}
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
        className="rounded-md border border-red-900/70 px-3 py-1.5 text-sm text-red-200 hover:bg-red-950/60"
      >
        Delete
      </button>
    </div>
  );
}

export const editLinkClass = "rounded-md border border-line px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800";
