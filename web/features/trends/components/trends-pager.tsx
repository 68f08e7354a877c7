import { ChevronLeft, ChevronRight } from "lucide-react";

const pagerButton =
  "inline-flex items-center gap-1 rounded-md border border-line px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50";

/** Previous / Next with 'Page n of N'. */
export function TrendsPager({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages of trends" className="flex items-center justify-between gap-3 pt-2">
      <button
        type="button"
        className={pagerButton}
        disabled={busy || page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        Page {page} of {pages}
      </p>
      <button type="button" className={pagerButton} disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
