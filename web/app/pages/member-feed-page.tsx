import { Link, useParams } from "react-router";
import type { MemberFeed } from "../../../contracts/reading.ts";
import { EmptyState, LoadError } from "../../components/ui/list-states.tsx";
import { Page } from "../../components/ui/page.tsx";
import { SignInLink } from "../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { primaryButton } from "../../components/ui/styles.ts";
import { useFeedItems } from "../../features/feeds/api.ts";
import { ArticleGrid } from "../../features/feeds/components/article-grid.tsx";
import { gridSource } from "../../features/feeds/components/feed-page.tsx";
import { useMemberFeeds } from "../../features/member-feeds/api.ts";
import { MemberFeedFailure } from "../../features/member-feeds/components/member-feed-failure.tsx";
import { isMemberFeedKey, type MemberFeedKey } from "../../lib/member-feed-keys.ts";
import { paths } from "../../paths.ts";

const backLink = (
  <Link to={paths.memberFeeds} className="text-gem underline hover:text-white">
    Your feeds
  </Link>
);

/** One of the member's own feeds as a feed page (/feeds/mine/:key), like the built-in feeds' pages. */
export function MemberFeedPage() {
  const key = useParams().key ?? "";
  const { member, checking, query } = useMemberFeeds();
  if (checking || (member && query.isPending)) {
    return (
      <Page title="Your feed">
        <Spinner />
      </Page>
    );
  }
  if (!member) {
    return (
      <Page title="Your feed">
        <div className="max-w-lg space-y-4">
          <p className="text-muted">Sign in to read the feeds you follow.</p>
          <SignInLink className={primaryButton}>Sign In</SignInLink>
        </div>
      </Page>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Page title="Your feed">
        <LoadError
          message={`Your feeds could not be loaded: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  const feed = isMemberFeedKey(key) ? query.data?.feeds.find((f) => f.key === key) : undefined;
  if (!feed || !isMemberFeedKey(feed.key)) {
    return (
      <Page title="Feed not found">
        <EmptyState>You do not follow this feed (any more). See {backLink}.</EmptyState>
      </Page>
    );
  }
  return <FollowedFeed feedKey={feed.key} feed={feed} />;
}

function FollowedFeed({ feedKey, feed }: { feedKey: MemberFeedKey; feed: MemberFeed }) {
  const items = useFeedItems(feedKey);
  const source = gridSource(items);
  return (
    <Page
      title={feed.title}
      description={
        <>
          From {feed.url} · one of {backLink}
        </>
      }
    >
      <ArticleGrid
        section={`page:${feedKey}`}
        source={source}
        whenEmpty={feed.lastError ? <MemberFeedFailure feed={feed} /> : undefined}
      />
    </Page>
  );
}
