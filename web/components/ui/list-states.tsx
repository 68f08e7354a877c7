import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./form.tsx";

/** A failed load: the page's message (or one line per thing that failed) and a way to try again. */
export function LoadError({ message, onRetry }: { message: string | readonly string[]; onRetry: () => void }) {
  const lines = typeof message === "string" ? [message] : message;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-900/60 bg-red-950/30 p-4"
    >
      <div className="text-sm text-red-200">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-1.5 rounded-md border border-red-800 px-3 py-1.5 text-sm text-red-100 hover:bg-red-900/40"
      >
        <RefreshCw className="size-4" aria-hidden />
        Try again
      </button>
    </div>
  );
}

/**
 * A failed refresh of a list that is still on screen: said politely, above the list, which
 * stays readable; the reader may try again or simply carry on.
 */
export function RefreshFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-900/60 bg-amber-950/30 px-3 py-2"
    >
      <p className="text-sm text-amber-100">{message}</p>
      <button type="button" onClick={onRetry} className="text-sm font-medium text-amber-200 underline hover:text-white">
        Try again
      </button>
    </div>
  );
}

/** What a list paged with TanStack Query's infinite queries tells its end. */
type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** The end of a paged list: "Load more" while there is more, or why the next page failed, with a retry. */
export function LoadMore({ pages, failed }: { pages: Pages; failed: string }) {
  if (pages.isFetchNextPageError) return <RefreshFailed message={failed} onRetry={() => void pages.fetchNextPage()} />;
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      Load more
    </Button>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-line bg-panel/40 p-8 text-center text-muted">{children}</p>
  );
}

/** 'Refresh Feed' and 'Refresh Stories': fetches the list again, spinning while it does. */
export function RefreshButton({
  label,
  busy,
  onRefresh,
  accessibleName,
}: {
  label: string;
  busy: boolean;
  onRefresh: () => void;
  /** A fuller name where several such buttons share a page; it should start with `label`. */
  accessibleName?: string;
}) {
  return (
    <button
      type="button"
      aria-label={accessibleName}
      onClick={onRefresh}
      disabled={busy}
      className="inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800 disabled:opacity-60"
    >
      <RefreshCw className={`size-4 ${busy ? "animate-spin motion-reduce:animate-none" : ""}`} aria-hidden />
      {label}
    </button>
  );
}
