import { Flame, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { type FeedKey, feedTitles } from "../../../contracts/feed-catalog.ts";
import { CoinFilterBar } from "../../components/coins/coin-filter-bar.tsx";
import { LazyPart } from "../../components/ui/lazy-part.tsx";
import { LoadError } from "../../components/ui/list-states.tsx";
import { Page } from "../../components/ui/page.tsx";
import { BlogSection } from "../../features/content/components/blog-section.tsx";
import { EventsSection } from "../../features/content/components/events-section.tsx";
import { CardSkeletons } from "../../features/feeds/components/article-list-states.tsx";
import { FeedSection } from "../../features/feeds/components/feed-section.tsx";
import { ShowEveryToggle } from "../../features/feeds/components/reading-bar.tsx";
import { useFeedSettings } from "../../features/settings/api.ts";
import { useCoinFilter } from "../../lib/coin-filter.ts";
import { useFeedCatalog } from "../../lib/feed-catalog.ts";
import { useShowEveryArticle } from "../../lib/reading-preferences.ts";
import { useMe } from "../../lib/session.ts";
import { paths } from "../../paths.ts";

const EditFeedsDialog = lazy(() =>
  import("../../features/settings/components/edit-feeds-dialog.tsx").then((m) => ({ default: m.EditFeedsDialog })),
);
// Below the first section: its own chunk, outside the home route's first download.
const PriceWidget = lazy(() =>
  import("../../features/market/components/price-widget.tsx").then((m) => ({ default: m.PriceWidget })),
);
// Only members have feeds of their own: visitors never load their rows' code.
const MemberFeedSections = lazy(() =>
  import("./member-feed-sections.tsx").then((m) => ({
    default: m.MemberFeedSections,
  })),
);
const TopStoriesDialog = lazy(() =>
  import("../../features/stories/components/top-stories-dialog.tsx").then((m) => ({ default: m.TopStoriesDialog })),
);

/** The feeds that have a page of their own, linked from their home section's title. */
const feedPages: Partial<Record<FeedKey, string>> = {
  bitcoin: paths.bitcoinNews,
  news: paths.news,
  market: paths.market,
  search: paths.search,
  xfeed: paths.xFeed,
  nftart: paths.nftArt,
};

/**
 * The dashboard: the Gemwire feed on top, Notable Events, one section per enabled feed in
 * the reader's order, then the member's own feeds, and the blog last.
 */
export function HomePage() {
  const settings = useFeedSettings().query;
  const catalog = useFeedCatalog();
  const [editing, setEditing] = useState(false);
  const [summary, setSummary] = useState(false);
  const folding = useShowEveryArticle();
  const coinFilter = useCoinFilter();
  const signedIn = (useMe().data?.user ?? null) !== null;
  const enabled = settings.data?.enabledFeeds ?? [];
  const statusOf = (key: FeedKey) => catalog.data?.feeds.find((feed) => feed.key === key);
  const section = (key: FeedKey, title = feedTitles[key]) => (
    <FeedSection
      key={key}
      feedKey={key}
      title={title}
      tags={statusOf(key)?.tags ?? []}
      pageLink={feedPages[key]}
      status={statusOf(key)}
      feedsError={catalog.data?.error ?? null}
    />
  );

  return (
    <Page
      title="Dashboard"
      description="Spot trending stories and scan Solana for AI suggested tickers"
      actions={
        <div className="flex flex-wrap gap-2">
          <ShowEveryToggle reading={folding} />
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setSummary(true)}
            className="inline-flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
          >
            <Flame className="size-4 text-gem" aria-hidden />
            Top Stories
          </button>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="inline-flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Edit RSS Feeds
          </button>
        </div>
      }
    >
      <CoinFilterBar filter={coinFilter} />
      {/* One column on narrow screens: the first section, the price widget, the rest. From lg the
          widget stands in a side column beside both. */}
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_17rem]">
        {/* The top feed is what the welcome tour's news step points at. */}
        <div data-tour="news" className="min-w-0 space-y-10 empty:hidden lg:col-start-1">
          {settings.isPending ? <SectionSkeleton /> : null}
          {settings.isError && !settings.data ? (
            <LoadError message="Failed to load settings" onRetry={() => void settings.refetch()} />
          ) : null}
          {enabled.includes("gemwire") ? section("gemwire", "Gemwire Top Stories") : null}
        </div>
        <aside aria-label="Market" className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <LazyPart what="The price widget">
            <PriceWidget />
          </LazyPart>
        </aside>
        <div className="min-w-0 space-y-10 lg:col-start-1">
          <EventsSection />
          {enabled.filter((key) => key !== "gemwire").map((key) => section(key))}
          {signedIn ? (
            <LazyPart what="Your own feeds">
              <MemberFeedSections />
            </LazyPart>
          ) : null}
          <BlogSection />
        </div>
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <EditFeedsDialog open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {summary ? (
        <Suspense fallback={null}>
          <TopStoriesDialog open={summary} onClose={() => setSummary(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}

/** Holds the top row's place while the reader's feed choice loads, so the page does not jump. */
function SectionSkeleton() {
  return (
    <div role="status" aria-label="Loading your feeds" className="space-y-3">
      <div className="h-7 w-56 animate-pulse rounded bg-zinc-800" />
      <div className="flex gap-4 overflow-hidden">
        <CardSkeletons count={4} className="w-[300px] shrink-0 sm:w-[340px]" />
      </div>
    </div>
  );
}
