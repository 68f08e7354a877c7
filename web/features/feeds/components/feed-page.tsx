import type { FeedKey } from "../../../../contracts/feed-catalog.ts";
import { CoinFilterBar } from "../../../components/coins/coin-filter-bar.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { noneTagged, useCoinFilter } from "../../../lib/coin-filter.ts";
import { useFeedCatalog } from "../../../lib/feed-catalog.ts";
import { FEEDS_FAILED, useFeedItems } from "../api.ts";
import { useFeedRetry } from "../use-feed-retry.ts";
import { ArticleGrid, type ArticleSource } from "./article-grid.tsx";
import { FeedFailure } from "./feed-failure.tsx";

/** A query's state in the shape the grid reads. */
export function gridSource(query: ReturnType<typeof useFeedItems>): ArticleSource {
  return {
    items: query.data?.items ?? [],
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    errorMessage: FEEDS_FAILED,
    refetch: () => void query.refetch(),
  };
}

/** A feed's own page (Bitcoin News, Latest News, Market Analysis, Targeted Search, NFT & Art). */
export function FeedPage({
  feedKey,
  title,
  description,
  sortable = false,
}: {
  feedKey: FeedKey;
  title: string;
  description?: string;
  sortable?: boolean;
}) {
  const coinFilter = useCoinFilter();
  const feed = useFeedItems(feedKey, coinFilter.coin);
  const status = useFeedCatalog().data?.feeds.find((f) => f.key === feedKey);
  const retry = useFeedRetry(feedKey, status);
  const source = gridSource(feed);
  // A feed with nothing stored whose last fetch failed: 'Refresh Feed' asks the server to fetch it again.
  const failed = status?.lastError && source.items.length === 0 && !coinFilter.coin ? status : undefined;
  return (
    <Page title={title} description={description}>
      <CoinFilterBar filter={coinFilter} />
      <ArticleGrid
        section={`page:${feedKey}`}
        source={failed ? { ...source, isFetching: retry.busy, refetch: retry.retry } : source}
        sortable={sortable}
        label={title}
        emptyText={coinFilter.coin ? noneTagged(coinFilter.coin) : undefined}
        whenEmpty={
          failed ? <FeedFailure title={title} status={failed} retry={retry} offerRefresh={false} /> : undefined
        }
      />
    </Page>
  );
}

export const BitcoinNewsPage = () => (
  <FeedPage feedKey="bitcoin" title="Bitcoin News" description="The latest bitcoin articles from across the web." />
);
export const LatestNewsPage = () => (
  <FeedPage feedKey="news" title="Latest News" description="Crypto news from major outlets." sortable />
);
export const MarketAnalysisPage = () => (
  <FeedPage
    feedKey="market"
    title="Market Analysis"
    description="Market updates, trading and technical analysis."
    sortable
  />
);
export const TargetedSearchPage = () => (
  <FeedPage feedKey="search" title="Targeted Search" description="Articles from targeted crypto searches." sortable />
);
export const NftArtPage = () => (
  <FeedPage feedKey="nftart" title="NFT & Art" description="News from NFTs and digital art." />
);
