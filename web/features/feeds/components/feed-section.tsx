import { ChevronLeft, ChevronRight, Info } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { FeedStatus } from "../../../../contracts/feeds.ts";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { sourcesOf } from "../../../lib/article-rules.ts";
import { articleKey, sourceLabel } from "../../../lib/articles.ts";
import { noneTagged, useCoinFilter } from "../../../lib/coin-filter.ts";
import { type AnyFeedKey, FEEDS_FAILED, useFeedItems } from "../api.ts";
import { useArticleList } from "../use-article-list.ts";
import { useFeedRetry } from "../use-feed-retry.ts";
import { useReadingList } from "../use-reading-list.ts";
import { useCardActions } from "./article-card.tsx";
import { FoldedArticle } from "./article-fold.tsx";
import { CardSkeletons, ShowHiddenToggle } from "./article-list-states.tsx";
import { AllFeedsFailed, FeedFailure } from "./feed-failure.tsx";
import { ReadingBar } from "./reading-bar.tsx";

/** On the dashboard, feed cards are 300–340 px wide. */
const CARD_WIDTH = "w-[300px] shrink-0 snap-start sm:w-[340px]";
/** A home row shows the newest few; the feed's own page shows more. */
const SECTION_SIZE = 20;

/**
 * One home section per enabled feed: a horizontally scrolling row of cards with a source
 * filter, hide and show-hidden, and a tooltip of the feed's topics.
 */
export function FeedSection({
  feedKey,
  title,
  tags,
  pageLink,
  status,
  feedsError = null,
  failure,
}: {
  feedKey: AnyFeedKey;
  title: string;
  tags: readonly string[];
  pageLink?: string;
  /** The feed's status from GET /api/feeds: says why an empty feed is empty. */
  status?: FeedStatus;
  /** The feed list's error when every feed failed ('Failed to fetch feeds. …'). */
  feedsError?: string | null;
  /** Why a feed outside GET /api/feeds (a member's own) is empty when its last fetch failed. */
  failure?: ReactNode;
}) {
  const headingId = useId();
  const filterId = useId();
  // The dashboard's `?coin=` (its bar is on the home page): each row asks for that coin's articles.
  const { coin } = useCoinFilter();
  const feed = useFeedItems(feedKey, coin);
  const [source, setSource] = useState("");
  const items = feed.data?.items ?? [];
  const sources = sourcesOf(items);
  const filtered = source ? items.filter((item) => item.source === source) : items;
  const list = useArticleList(`home:${feedKey}`, filtered);
  const actions = useCardActions(list.hidden);
  // The whole loaded feed is folded, then the row shows its first stories.
  const reading = useReadingList(`home:${feedKey}`, list.visible);
  const shown = reading.folds.slice(0, SECTION_SIZE);
  const row = useRef<HTMLUListElement>(null);
  const retry = useFeedRetry(feedKey, status);

  const scroll = (direction: 1 | -1) => {
    const element = row.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: "smooth" });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-feed={feedKey}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-xl font-semibold text-zinc-50">
          {pageLink ? (
            <Link to={pageLink} className="hover:text-gem">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {tags.length > 0 ? (
          <Tooltip content={`Topics: ${tags.join(", ")}`}>
            {(props) => (
              <button
                type="button"
                aria-label={`About ${title}`}
                className="rounded-full p-1 text-zinc-500 hover:text-zinc-200"
                {...props}
              >
                <Info className="size-4" aria-hidden />
              </button>
            )}
          </Tooltip>
        ) : null}
        {/* One layout on every row, whatever its title and outlets: below xl the controls get a line
            of their own (on a phone the filter takes the room the others leave) with the arrows at
            the right end; from xl they sit beside the title, every control the same width. */}
        <div className="flex w-full items-center gap-2 xl:ml-auto xl:w-auto">
          <label htmlFor={filterId} className="sr-only">
            Source for {title}
          </label>
          <select
            id={filterId}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            className="min-w-0 flex-1 rounded-md border border-line bg-zinc-900 px-2 py-1.5 text-sm text-zinc-200 sm:w-56 sm:flex-none"
          >
            <option value="">All Sources</option>
            {sources.map((name) => (
              <option key={name} value={name} title={name}>
                {sourceLabel(name)}
              </option>
            ))}
          </select>
          <ShowHiddenToggle count={list.hiddenCount} showing={list.showHidden} onToggle={list.toggleShowHidden} />
          <div className="ml-auto flex shrink-0 gap-2">
            <button
              type="button"
              aria-label={`Scroll ${title} back`}
              onClick={() => scroll(-1)}
              className="rounded-md border border-line p-1.5 text-zinc-300 hover:bg-zinc-800"
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              aria-label={`Scroll ${title} on`}
              onClick={() => scroll(1)}
              className="rounded-md border border-line p-1.5 text-zinc-300 hover:bg-zinc-800"
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </div>
        </div>
        {feed.data ? <ReadingBar reading={reading} label={title} withFoldToggle={false} className="w-full" /> : null}
      </div>
      {feed.isError && !feed.data ? (
        <LoadError message={FEEDS_FAILED} onRetry={() => void feed.refetch()} />
      ) : feed.isPending ? (
        <div role="status" className="flex gap-4 overflow-hidden" aria-busy="true" aria-label={`Loading ${title}`}>
          <CardSkeletons count={4} className={CARD_WIDTH} />
        </div>
      ) : items.length === 0 && failure ? (
        failure
      ) : items.length === 0 && status?.lastError ? (
        <FeedFailure title={title} status={status} retry={retry} />
      ) : items.length === 0 && feedsError && status?.sourceAddress === null ? (
        <AllFeedsFailed message={feedsError} />
      ) : list.visible.length === 0 ? (
        <EmptyState>{coin && items.length === 0 ? noneTagged(coin) : "No articles to display"}</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>Every article here is read. Turn off Hide read to see them again.</EmptyState>
      ) : (
        // The row takes focus so arrow keys scroll it (a scrollable region must be keyboard reachable).
        <ul
          ref={row}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard reachable
          tabIndex={0}
          aria-label={`${title} articles`}
          // Cards keep their own height: one without a picture is shorter, not stretched with a gap.
          className="relative flex snap-x items-start gap-4 overflow-x-auto rounded-xl pb-3 [scrollbar-color:#3f3f46_transparent]"
        >
          {shown.map((fold) => (
            <li key={articleKey(fold.lead)} className={`flex ${CARD_WIDTH}`}>
              <FoldedArticle fold={fold} actions={actions} reading={reading.readState} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
