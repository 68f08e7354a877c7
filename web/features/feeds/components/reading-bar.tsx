import { CheckCheck } from "lucide-react";
import type { ReadingList } from "../use-reading-list.ts";

const control =
  "inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border border-line px-2.5 py-1 text-sm text-zinc-300 hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50";
const pressed = "border-gem/60 bg-gem/10 text-gem";

/**
 * A list's reading line: how many of its loaded articles are unread, 'Mark all as
 * read', 'Hide read' (remembered per list) and, where the list folds stories, 'Show every
 * article' (remembered per member, or in this browser for a visitor).
 */
export function ReadingBar({
  reading,
  label,
  withFoldToggle = true,
  className = "",
}: {
  reading: ReadingList;
  /** What the list is, for the buttons' names ("Bitcoin News"). */
  label: string;
  withFoldToggle?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span className="text-sm text-muted" data-testid="unread-count">
        {reading.unreadCount} unread
      </span>
      <button
        type="button"
        onClick={reading.markAllRead}
        disabled={reading.unreadCount === 0}
        aria-label={`Mark all as read in ${label}`}
        className={control}
      >
        <CheckCheck className="size-4" aria-hidden />
        Mark all as read
      </button>
      <button
        type="button"
        aria-pressed={reading.hideRead}
        onClick={reading.toggleHideRead}
        className={`${control} ${reading.hideRead ? pressed : ""}`}
      >
        Hide read
      </button>
      {withFoldToggle && reading.folding ? <ShowEveryToggle reading={reading} /> : null}
    </div>
  );
}

/** 'Show every article' instead of each story once; one choice for every list. */
export function ShowEveryToggle({ reading }: { reading: Pick<ReadingList, "showEvery" | "setShowEvery"> }) {
  return (
    <button
      type="button"
      aria-pressed={reading.showEvery}
      onClick={() => reading.setShowEvery(!reading.showEvery)}
      className={`${control} ${reading.showEvery ? pressed : ""}`}
    >
      Show every article
    </button>
  );
}
