import { LoadError } from "../../components/ui/list-states.tsx";
import { FeedSection } from "../../features/feeds/components/feed-section.tsx";
import { useMemberFeeds } from "../../features/member-feeds/api.ts";
import { MemberFeedFailure } from "../../features/member-feeds/components/member-feed-failure.tsx";
import { isMemberFeedKey } from "../../lib/member-feed-keys.ts";
import { paths } from "../../paths.ts";

/** The dashboard's rows of the member's own feeds, after the built-in ones. Visitors have none. */
export function MemberFeedSections() {
  const { member, query } = useMemberFeeds();
  if (!member) return null;
  if (query.isError && !query.data) {
    return <LoadError message="Your own feeds could not be loaded." onRetry={() => void query.refetch()} />;
  }
  // Off (MEMBER_FEEDS=off): the feeds' page says so; the dashboard simply shows the built-in feeds.
  if (!query.data?.enabled) return null;
  return query.data.feeds.map((feed) =>
    isMemberFeedKey(feed.key) ? (
      <FeedSection
        key={feed.key}
        feedKey={feed.key}
        title={feed.title}
        tags={[]}
        pageLink={paths.memberFeed(feed.key)}
        failure={feed.lastError ? <MemberFeedFailure feed={feed} /> : undefined}
      />
    ) : null,
  );
}
