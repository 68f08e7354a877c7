import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FeedStatus } from "../../../../contracts/feeds.ts";
import { LoadError, RefreshButton } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { nextTryLabel, pastLabel } from "../../../lib/dates.ts";
import { feedCatalogQuery } from "../../../lib/feed-catalog.ts";
import { type FeedHealth, feedHealth } from "../../../lib/feed-health.ts";
import { FEEDS_FAILED } from "../api.ts";
import { useFeedRetry } from "../use-feed-retry.ts";

/** The list is read again this often while the page is open, so it follows the scheduler. */
const REREAD_MS = 30_000;

const healthLabels: Record<FeedHealth, { text: string; className: string }> = {
  ok: { text: "OK", className: "bg-emerald-950/60 text-emerald-200 border-emerald-800/70" },
  failing: { text: "Failing", className: "bg-red-950/60 text-red-200 border-red-800/70" },
  waiting: { text: "Not fetched yet", className: "bg-zinc-900 text-zinc-300 border-line" },
};

/**
 * Every feed with where it comes from and how its fetches went — the health view feed
 * readers such as Miniflux give their users. Addresses come without credentials or query
 * strings (docs/decisions/012).
 */
export function FeedStatusPage() {
  const catalog = useQuery({ ...feedCatalogQuery, refetchInterval: REREAD_MS });
  const feeds = catalog.data?.feeds ?? [];
  const failing = feeds.filter((feed) => feed.lastError).length;
  const fetched = feeds.filter((feed) => feed.sourceAddress !== null).length;
  return (
    <Page
      title="Feed status"
      description="Every feed Gemwire reads: where it comes from, how many articles are stored, and how its last fetches went."
      actions={<RefreshButton label="Check again" busy={catalog.isFetching} onRefresh={() => void catalog.refetch()} />}
    >
      {catalog.isPending ? (
        <Spinner />
      ) : catalog.isError && !catalog.data ? (
        <LoadError message={FEEDS_FAILED} onRetry={() => void catalog.refetch()} />
      ) : (
        <div className="space-y-4">
          <p role="status" className={failing > 0 ? "text-sm text-red-200" : "text-sm text-muted"}>
            {failing === 0
              ? `All ${fetched} fetched feeds are working.`
              : `${failing} of ${fetched} feeds failed at their last attempt.`}
            {catalog.data?.error ? ` ${catalog.data.error}` : null}
          </p>
          <table className="w-full border-collapse text-left text-sm max-lg:block">
            <caption className="sr-only">Feeds and their last fetches</caption>
            <thead className="max-lg:sr-only">
              <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
                {[
                  "Feed",
                  "Source address",
                  "Items stored",
                  "Last success",
                  "Last error",
                  "Failures",
                  "Next attempt",
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-lg:block max-lg:space-y-3">
              {feeds.map((feed) => (
                <FeedRow key={feed.key} feed={feed} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** One table cell; on narrow screens the rows become cards and each cell says what it is. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="px-3 py-3 align-top max-lg:flex max-lg:gap-3 max-lg:px-0 max-lg:py-1">
      <span className="w-32 shrink-0 text-xs uppercase tracking-wide text-muted lg:hidden">{label}</span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

function FeedRow({ feed }: { feed: FeedStatus }) {
  const health = feedHealth(feed);
  const badge = healthLabels[health];
  const computed = feed.sourceAddress === null;
  const { retry, busy } = useFeedRetry(feed.key, feed);
  return (
    <tr
      data-feed={feed.key}
      className="border-b border-line max-lg:block max-lg:rounded-xl max-lg:border max-lg:bg-panel/60 max-lg:p-4"
    >
      <th scope="row" className="px-3 py-3 text-left align-top font-medium max-lg:block max-lg:px-0 max-lg:pt-0">
        <span className="block text-zinc-50">{feed.title}</span>
        <span className={`mt-1 inline-block rounded-full border px-2 py-0.5 text-xs ${badge.className}`}>
          {badge.text}
        </span>
      </th>
      <Cell label="Source address">
        {computed ? (
          <span className="text-muted">Built from the other feeds</span>
        ) : (
          <code className="text-xs text-zinc-300 [overflow-wrap:anywhere]">{feed.sourceAddress}</code>
        )}
      </Cell>
      <Cell label="Items stored">{feed.itemCount.toLocaleString("en-US")}</Cell>
      <Cell label="Last success">{pastLabel(feed.lastUpdated)}</Cell>
      <Cell label="Last error">
        {feed.lastError ? (
          <div className="space-y-1">
            <p className="text-red-200">{feed.lastErrorReason ?? feed.lastError}</p>
            <p className="text-xs text-muted">
              {pastLabel(feed.lastErrorAt)} ·{" "}
              <code className="[overflow-wrap:anywhere]">
                {feed.lastError}
                {feed.lastErrorDetail ? `: ${feed.lastErrorDetail}` : ""}
              </code>
            </p>
          </div>
        ) : (
          <span className="text-muted">None</span>
        )}
      </Cell>
      <Cell label="Failures">{computed ? "—" : feed.consecutiveFailures}</Cell>
      <Cell label="Next attempt">
        {computed ? (
          <span className="text-muted">With the other feeds</span>
        ) : (
          <div className="space-y-2 whitespace-nowrap">
            <span className="block">{busy ? "Trying again…" : nextTryLabel(feed.nextAttempt)}</span>
            {feed.lastError ? (
              <RefreshButton
                label="Refresh Feed"
                accessibleName={`Refresh Feed: ${feed.title}`}
                busy={busy}
                onRefresh={retry}
              />
            ) : null}
          </div>
        )}
      </Cell>
    </tr>
  );
}
