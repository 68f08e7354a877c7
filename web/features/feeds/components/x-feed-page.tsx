import { EmptyState, LoadError, RefreshButton } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { articleKey } from "../../../lib/articles.ts";
import { useFeedCatalog } from "../../../lib/feed-catalog.ts";
import { FEEDS_FAILED, useFeedItems } from "../api.ts";
import { useArticleList } from "../use-article-list.ts";
import { useFeedRetry } from "../use-feed-retry.ts";
import { CardSkeletons, ShowHiddenToggle } from "./article-list-states.tsx";
import { FeedFailure } from "./feed-failure.tsx";
import { TweetCard } from "./tweet-card.tsx";

/** The social feed: the X feed as a timeline of tweet-style cards. */
export function XFeedPage() {
  const feed = useFeedItems("xfeed");
  const items = feed.data?.items ?? [];
  const list = useArticleList("page:xfeed", items);
  const status = useFeedCatalog().data?.feeds.find((f) => f.key === "xfeed");
  const retry = useFeedRetry("xfeed", status);
  // Nothing stored and the last fetch failed: say why, and 'Refresh Feed' asks the server again.
  const failed = status?.lastError && !feed.isPending && items.length === 0 ? status : undefined;
  return (
    <Page title="X Feed" description="Posts from crypto voices on X.">
      {/* Left-aligned under the page title, like every other page's content. */}
      <div className="max-w-2xl space-y-4">
        <div className="flex items-center gap-2">
          <ShowHiddenToggle count={list.hiddenCount} showing={list.showHidden} onToggle={list.toggleShowHidden} />
          <span className="ml-auto">
            {failed ? (
              <RefreshButton label="Refresh Feed" busy={retry.busy} onRefresh={retry.retry} />
            ) : (
              <RefreshButton label="Refresh Feed" busy={feed.isFetching} onRefresh={() => void feed.refetch()} />
            )}
          </span>
        </div>
        {feed.isError && items.length === 0 ? (
          <LoadError message={FEEDS_FAILED} onRetry={() => void feed.refetch()} />
        ) : feed.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading posts" className="space-y-4">
            <CardSkeletons count={3} className="" />
          </div>
        ) : failed ? (
          <FeedFailure title="X Feed" status={failed} retry={retry} offerRefresh={false} />
        ) : list.visible.length === 0 ? (
          <EmptyState>No tweets to display</EmptyState>
        ) : (
          <ul className="space-y-4">
            {list.visible.map((item) => (
              <li key={articleKey(item)}>
                <TweetCard
                  item={item}
                  hidden={list.hidden.isHidden(articleKey(item))}
                  onToggleHidden={list.hidden.toggle}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
