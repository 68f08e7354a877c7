import { CoinFilterBar } from "../../components/coins/coin-filter-bar.tsx";
import { RefreshButton } from "../../components/ui/list-states.tsx";
import { Page } from "../../components/ui/page.tsx";
import { FEEDS_FAILED, useFeedsItems } from "../../features/feeds/api.ts";
import { ArticleGrid } from "../../features/feeds/components/article-grid.tsx";
import { useMemberFeeds } from "../../features/member-feeds/api.ts";
import { useFeedSettings } from "../../features/settings/api.ts";
import { uniqueByLink } from "../../lib/article-rules.ts";
import { noneTagged, useCoinFilter } from "../../lib/coin-filter.ts";
import { isMemberFeedKey } from "../../lib/member-feed-keys.ts";

/**
 * My Feed: the reader's enabled feeds and their own feeds merged, newest
 * first, each link once. The token ticker strip sits above it, as on every page that shows the ticker.
 */
export function MyFeedPage() {
  const settings = useFeedSettings().query;
  const own = useMemberFeeds();
  const ownKeys = own.query.data?.enabled ? own.query.data.feeds.map((feed) => feed.key).filter(isMemberFeedKey) : [];
  const keys = [...(settings.data?.enabledFeeds ?? []).filter((key) => key !== "gemwire"), ...ownKeys];
  const coinFilter = useCoinFilter();
  const feeds = useFeedsItems(keys, coinFilter.coin);
  const items = uniqueByLink(
    feeds.flatMap((feed) => feed.data?.items ?? []).sort((a, b) => Date.parse(b.pubDate) - Date.parse(a.pubDate)),
  );
  const refetch = () => {
    for (const feed of feeds) void feed.refetch();
  };
  const fetching = feeds.some((feed) => feed.isFetching);
  return (
    <Page
      title="My Feed"
      description="Every feed you follow, newest first."
      actions={<RefreshButton label="Refresh Feed" busy={fetching} onRefresh={refetch} />}
    >
      <CoinFilterBar filter={coinFilter} />
      <ArticleGrid
        section="my-feed"
        label="My Feed"
        refreshable={false}
        emptyText={coinFilter.coin ? noneTagged(coinFilter.coin) : undefined}
        source={{
          items,
          isPending:
            settings.isPending ||
            (own.member !== null && own.query.isPending) ||
            (items.length === 0 && feeds.some((feed) => feed.isPending)),
          isError: feeds.length > 0 && feeds.every((feed) => feed.isError),
          isFetching: fetching,
          errorMessage: FEEDS_FAILED,
          refetch,
        }}
      />
    </Page>
  );
}
