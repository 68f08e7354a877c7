import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { FeedStatus } from "../../../../contracts/feeds.ts";
import { RefreshButton } from "../../../components/ui/list-states.tsx";
import { failureFrame } from "../../../components/ui/styles.ts";
import { nextTryLabel, pastLabel } from "../../../lib/dates.ts";
import { sourceHost } from "../../../lib/feed-health.ts";
import { paths } from "../../../paths.ts";
import type { useFeedRetry } from "../use-feed-retry.ts";

/**
 * In place of 'No articles to display' when a feed has nothing stored and its last fetch
 * failed: which source, why in plain words, when it is tried again, and 'Refresh Feed'.
 */
export function FeedFailure({
  title,
  status,
  retry: { retry, busy },
  offerRefresh = true,
}: {
  title: string;
  status: FeedStatus;
  /** From the section, which outlives this notice once the feed is back. */
  retry: ReturnType<typeof useFeedRetry>;
  /** False where the page's own 'Refresh Feed' already asks the server. */
  offerRefresh?: boolean;
}) {
  const host = sourceHost(status.sourceAddress);
  const tries = status.consecutiveFailures;
  return (
    <div role="alert" className={failureFrame}>
      <p className="flex items-start gap-2 font-medium text-red-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          No articles yet: {title} could not be fetched{host ? <> from {host}</> : null}.
        </span>
      </p>
      <p className="text-sm text-red-200">{status.lastErrorReason ?? status.lastError}</p>
      <p className="text-xs text-red-200/80">
        {busy
          ? "Trying again…"
          : `Failed ${tries === 1 ? "once" : `${tries} times in a row`}, last ${pastLabel(status.lastAttempt)}. Next try ${nextTryLabel(status.nextAttempt)}.`}
      </p>
      <div className="flex flex-wrap items-center gap-3 pt-1">
        {offerRefresh ? <RefreshButton label="Refresh Feed" busy={busy} onRefresh={retry} /> : null}
        <Link to={paths.feedStatus} className="text-sm text-red-100 underline hover:text-white">
          Feed status
        </Link>
      </div>
    </div>
  );
}

/** Gemwire's own feed is built from the others: empty because every one of them failed. */
export function AllFeedsFailed({ message }: { message: string }) {
  return (
    <div role="alert" className={failureFrame}>
      <p className="flex items-start gap-2 font-medium text-red-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>No articles yet: every feed failed at its last attempt.</span>
      </p>
      <p className="text-sm text-red-200">{message}</p>
      <Link to={paths.feedStatus} className="inline-block text-sm text-red-100 underline hover:text-white">
        See each feed's status
      </Link>
    </div>
  );
}
