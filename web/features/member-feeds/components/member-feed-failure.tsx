import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { MemberFeed } from "../../../../contracts/reading.ts";
import { failureFrame } from "../../../components/ui/styles.ts";
import { nextTryLabel } from "../../../lib/dates.ts";
import { sourceHost } from "../../../lib/feed-health.ts";
import { paths } from "../../../paths.ts";

/**
 * In place of 'No articles to display' when a member's feed has nothing stored and its
 * last fetch failed: from where, why in plain words, and when the server tries again.
 */
export function MemberFeedFailure({ feed }: { feed: MemberFeed }) {
  const host = sourceHost(feed.url);
  return (
    <div role="alert" className={failureFrame}>
      <p className="flex items-start gap-2 font-medium text-red-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          No articles yet: {feed.title} could not be fetched{host ? <> from {host}</> : null}.
        </span>
      </p>
      <p className="text-sm text-red-200">{feed.lastErrorReason ?? feed.lastError}</p>
      <p className="text-xs text-red-200/80">Next try {nextTryLabel(feed.nextAttempt)}.</p>
      <Link to={paths.memberFeeds} className="inline-block text-sm text-red-100 underline hover:text-white">
        Your feeds
      </Link>
    </div>
  );
}
