import { useRef } from "react";
import { useSearchParams } from "react-router";
import {
  NO_TRENDS,
  TRENDS_FAILED,
  type TrendPeriod,
  type TrendSort,
  trendPeriodLabels,
  trendPeriods,
  trendSorts,
} from "../../../../contracts/trends-catalog.ts";
import { EmptyState, LoadError, RefreshButton, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SampleBadge } from "../../../components/ui/sample-badge.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ToggleGroup } from "../../../components/ui/toggle-group.tsx";
import { nextTryLabel, pastLabel } from "../../../lib/dates.ts";
import { useTrends } from "../api.ts";
import { readTrendParams, type TrendParams, withTrendParams } from "../trend-params.ts";
import { usePagingFade } from "../use-paging-fade.ts";
import { SourcesNotice } from "./sources-notice.tsx";
import { TrendItem } from "./trend-item.tsx";
import { TrendsPager } from "./trends-pager.tsx";

const sortLabels: Record<TrendSort, string> = { traffic: "Traffic", time: "Time" };
export const TRENDS_STALE = "Could not refresh the trends; the list below is from before.";

/**
 * Search Trends: what people search for in five countries, by traffic or time,
 * over a period, 20 a page. Period, sort and page live in the address. Whatever fails
 * says so in place: the API call (a destructive card), a refresh (the list
 * stays), or a source the server could not read (which, why, and when it tries again).
 */
export function SearchTrendsPage() {
  const [params, setParams] = useSearchParams();
  const current = readTrendParams(params);
  const query = useTrends(current);
  const fade = usePagingFade();
  const list = useRef<HTMLElement>(null);
  // Each choice is a history entry: back and forward step through them. The change is
  // applied to the address as it is then (a page turns 300 ms after the click).
  const change = (to: Partial<TrendParams>) => setParams((latest) => withTrendParams(latest, to));
  // Another list (sort or period) replaces a page turn still fading out.
  const choose = (to: Partial<TrendParams>) => {
    fade.cancel();
    change(to);
  };
  const turnTo = (page: number) =>
    fade.turn(() => {
      change({ page });
      list.current?.focus({ preventScroll: true });
      list.current?.scrollIntoView?.({ block: "start" });
    });
  const refetch = () => void query.refetch();
  const answer = query.data;

  return (
    <Page
      title="Search Trends"
      description="What people search for in the United States, the United Kingdom, Canada, Australia and India, from Google Trends."
      actions={answer?.sample ? <SampleBadge /> : null}
    >
      <div className="max-w-4xl space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <ToggleGroup
            legend="Sort trends by"
            values={trendSorts}
            labels={sortLabels}
            value={current.sort}
            onChoose={(sort) => choose({ sort })}
          />
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            Period
            <select
              value={current.period}
              onChange={(event) => choose({ period: event.target.value as TrendPeriod })}
              className="rounded-md border border-line bg-zinc-950 px-2 py-1.5 text-sm text-zinc-100 focus:border-gem"
            >
              {trendPeriods.map((period) => (
                <option key={period} value={period}>
                  {trendPeriodLabels[period]}
                </option>
              ))}
            </select>
          </label>
          <span className="ml-auto">
            <RefreshButton label="Refresh Trends" busy={query.isFetching} onRefresh={refetch} />
          </span>
        </div>
        {answer?.updatedAt ? (
          <p className="text-xs text-muted">
            Read from the sources {pastLabel(answer.updatedAt)}; next read {nextTryLabel(answer.nextUpdateAt)}.
          </p>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading trends" />
        ) : !answer ? (
          <LoadError message={TRENDS_FAILED} onRetry={refetch} />
        ) : (
          <>
            {query.isRefetchError && !query.isFetching ? (
              <RefreshFailed message={TRENDS_STALE} onRetry={refetch} />
            ) : null}
            <SourcesNotice answer={answer} />
            <section
              ref={list}
              tabIndex={-1}
              aria-label="Search trends list"
              aria-busy={query.isPlaceholderData || undefined}
              className={`scroll-mt-36 space-y-3 outline-none transition-opacity duration-300 motion-reduce:transition-none ${
                fade.leaving ? "opacity-0" : query.isPlaceholderData ? "opacity-60" : "opacity-100"
              }`}
            >
              {answer.trends.length === 0 ? (
                <EmptyState>
                  {answer.total > 0 ? `Page ${answer.page} is past the last page (${answer.pages}).` : NO_TRENDS}
                </EmptyState>
              ) : (
                <ol aria-label={`Search trends, page ${answer.page} of ${answer.pages}`} className="space-y-3">
                  {answer.trends.map((trend) => (
                    <li key={`${trend.country}:${trend.title}:${trend.pubDate}`}>
                      <TrendItem trend={trend} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
            {answer.pages > 1 || current.page > 1 ? (
              // The page asked for (the address), not the answer's: while the next page loads the
              // answer shown is still the previous one, and Next must go on from the new page.
              <TrendsPager page={current.page} pages={answer.pages} busy={fade.leaving} onPage={turnTo} />
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
