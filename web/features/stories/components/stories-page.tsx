import { type ReactNode, useCallback, useEffect, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { type FeedKey, feedTitles } from "../../../../contracts/feed-catalog.ts";
import type { StorySort } from "../../../../contracts/stories.ts";
import { CoinFilterBar } from "../../../components/coins/coin-filter-bar.tsx";
import { EmptyState, LoadError, RefreshButton, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { useCoinFilter } from "../../../lib/coin-filter.ts";
import { useFeedCatalog } from "../../../lib/feed-catalog.ts";
import {
  ALL_FEEDS,
  MORE_STORIES_FAILED,
  NO_STORIES,
  STORIES_FAILED,
  STORIES_STALE,
  storiesOfPages,
  useStories,
} from "../api.ts";
import { readLinkedStory, readStoryParams, storiesTaggedWith, withStoryParams } from "../story-rules.ts";
import { StoryCard } from "./story-card.tsx";

const sortLabels: Record<StorySort, string> = { date: "Sort by Date", coverage: "Sort by Coverage" };

/** A linked story not among the first pages is looked for this many pages deep, no further. */
const LINKED_STORY_PAGES = 5;

/**
 * The Stories page: a feed's articles grouped into stories that more than one article
 * tells, newest or most covered first. The feed and order are kept in the address, and
 * `?story=` (a link from a token's news) opens that story and scrolls to it. `aside` stands
 * beside the list on wide screens and after it on narrow ones.
 */
export function StoriesPage({ aside }: { aside?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const { feed, sort } = readStoryParams(params);
  const linked = readLinkedStory(params);
  const stories = useStories(feed, sort);
  const choose = (change: Partial<{ feed: FeedKey; sort: StorySort }>) =>
    setParams(withStoryParams(params, change), { replace: true });
  // `?coin=SOL`: the loaded stories with an article tagged with that coin.
  const coinFilter = useCoinFilter();
  const loaded = storiesOfPages(stories.data?.pages);
  const list = storiesTaggedWith(loaded, coinFilter.coin);
  const refetch = () => void stories.refetch();
  const hours = stories.data?.pages[0]?.windowHours;
  const linkedStory = useLinkedStory(linked, list, stories);

  return (
    <Page
      title="Stories"
      description={
        hours
          ? `Articles that several sources cover, grouped into stories, from the last ${hours} hours.`
          : "Articles that several sources cover, grouped into stories."
      }
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0 max-w-4xl space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <FeedPicker value={feed} onChange={(next) => choose({ feed: next })} />
            <fieldset className="inline-flex divide-x divide-line overflow-hidden rounded-md border border-line">
              <legend className="sr-only">Order of stories</legend>
              {(Object.keys(sortLabels) as StorySort[]).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={sort === value}
                  onClick={() => choose({ sort: value })}
                  className={`px-3 py-1.5 text-sm ${
                    sort === value ? "bg-gem/15 font-medium text-gem" : "text-zinc-300 hover:bg-zinc-800"
                  }`}
                >
                  {sortLabels[value]}
                </button>
              ))}
            </fieldset>
            <span className="ml-auto">
              <RefreshButton label="Refresh Stories" busy={stories.isFetching} onRefresh={refetch} />
            </span>
          </div>
          <CoinFilterBar filter={coinFilter} />
          {linkedStory.missing ? (
            <p role="status" className="rounded-md border border-line bg-panel/60 px-3 py-2 text-sm text-muted">
              The story you followed is no longer among this feed's stories.
            </p>
          ) : null}
          {/* A failed refresh keeps the stories already read on screen; it is said, not shouted. */}
          {stories.isRefetchError && !stories.isFetching ? (
            <RefreshFailed message={STORIES_STALE} onRetry={refetch} />
          ) : null}
          {stories.isError && !stories.data ? (
            <LoadError message={STORIES_FAILED} onRetry={refetch} />
          ) : stories.isPending ? (
            <StorySkeletons />
          ) : list.length === 0 ? (
            <>
              <EmptyState>
                {coinFilter.coin && loaded.length > 0
                  ? `No story loaded so far has an article tagged with ${coinFilter.coin}.`
                  : NO_STORIES}
              </EmptyState>
              {/* Filtered in the browser: later pages may still hold one. */}
              {coinFilter.coin && stories.hasNextPage ? (
                <ShowMore busy={stories.isFetchingNextPage} onMore={() => void stories.fetchNextPage()} />
              ) : null}
            </>
          ) : (
            <>
              <ul
                aria-label="Stories"
                data-tour="news"
                aria-busy={stories.isPlaceholderData}
                className="space-y-3 transition-opacity aria-busy:opacity-60"
              >
                {list.map((story) =>
                  story.id === linked ? (
                    <li
                      key={story.id}
                      ref={linkedStory.reveal}
                      tabIndex={-1}
                      aria-current="true"
                      className="scroll-mt-36 rounded-xl outline-none ring-2 ring-gem/60"
                    >
                      <StoryCard story={story} feed={feed} initiallyOpen />
                    </li>
                  ) : (
                    <li key={story.id}>
                      <StoryCard story={story} feed={feed} />
                    </li>
                  ),
                )}
              </ul>
              {stories.isFetchNextPageError ? (
                <RefreshFailed message={MORE_STORIES_FAILED} onRetry={() => void stories.fetchNextPage()} />
              ) : stories.hasNextPage && !stories.isPlaceholderData ? (
                <ShowMore busy={stories.isFetchingNextPage} onMore={() => void stories.fetchNextPage()} />
              ) : null}
            </>
          )}
        </div>
        {aside ? <div className="lg:col-start-2 lg:row-start-1">{aside}</div> : null}
      </div>
    </Page>
  );
}

/**
 * Finds the story a link asked for: loads further pages (a few at most) until it is there,
 * then scrolls it into view and moves focus to it, once. `missing` says it is not to be found.
 */
function useLinkedStory(
  linked: string | null,
  list: readonly { id: string }[],
  stories: ReturnType<typeof useStories>,
) {
  const found = linked !== null && list.some((story) => story.id === linked);
  const pages = stories.data?.pages.length ?? 0;
  const canLookFurther = stories.hasNextPage && pages < LINKED_STORY_PAGES && !stories.isFetchNextPageError;
  const { fetchNextPage, isFetchingNextPage, isPlaceholderData, isSuccess } = stories;
  const looking = linked !== null && !found && isSuccess && !isPlaceholderData;

  useEffect(() => {
    // `pages` is a dependency: a page may arrive without a render that showed it loading.
    if (looking && canLookFurther && !isFetchingNextPage && pages > 0) void fetchNextPage();
  }, [looking, canLookFurther, isFetchingNextPage, fetchNextPage, pages]);

  const revealed = useRef<string | null>(null);
  const reveal = useCallback(
    (element: HTMLLIElement | null) => {
      if (!element || revealed.current === linked) return;
      revealed.current = linked;
      element.scrollIntoView?.({ block: "start" });
      element.focus({ preventScroll: true });
    },
    [linked],
  );
  return { reveal, missing: looking && !canLookFurther && !isFetchingNextPage };
}

/** The next page of stories, below the list; it says so while it loads. */
function ShowMore({ busy, onMore }: { busy: boolean; onMore: () => void }) {
  return (
    <div className="flex justify-center">
      <button
        type="button"
        onClick={onMore}
        disabled={busy}
        className="rounded-md border border-line px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800 disabled:opacity-60"
      >
        {busy ? "Loading more stories…" : "Show more stories"}
      </button>
    </div>
  );
}

/** 'All sources' (every feed clustered together), then each feed of the catalog. */
function FeedPicker({ value, onChange }: { value: FeedKey; onChange: (feed: FeedKey) => void }) {
  const id = useId();
  const catalog = useFeedCatalog();
  const feeds = (catalog.data?.feeds ?? [])
    .filter((feed) => feed.key !== ALL_FEEDS)
    .map(({ key, title }) => ({ key, title }));
  // The chosen feed stays a choice while the catalog loads (or if it leaves the catalog).
  if (value !== ALL_FEEDS && !feeds.some((feed) => feed.key === value))
    feeds.push({ key: value, title: feedTitles[value] });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        Feed
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as FeedKey)}
        className="rounded-md border border-line bg-zinc-900 px-2 py-1.5 text-sm text-zinc-200"
      >
        <option value={ALL_FEEDS}>All sources</option>
        {feeds.map((feed) => (
          <option key={feed.key} value={feed.key}>
            {feed.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Placeholders in the cards' shape while the first stories load. */
function StorySkeletons() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading stories" className="space-y-3">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be known by
        <div key={i} aria-hidden className="animate-pulse space-y-3 rounded-xl border border-line bg-panel p-4">
          <div className="h-3 w-1/2 rounded bg-zinc-800" />
          <div className="h-5 w-full rounded bg-zinc-800" />
          <div className="h-5 w-3/4 rounded bg-zinc-800" />
          <div className="h-7 w-28 rounded-md bg-zinc-800/70" />
        </div>
      ))}
    </div>
  );
}
