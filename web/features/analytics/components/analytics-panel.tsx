import type { Analytics } from "../../../../contracts/content.ts";
import { ANALYTICS_DAYS } from "../../../../contracts/content-catalog.ts";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAnalytics } from "../api.ts";
import { DailyViewsChart } from "./analytics-chart.tsx";

const count = new Intl.NumberFormat("en-US");

/** The admin's view of Gemwire's own page-view counts: the last 30 days and the top pages. */
export function AnalyticsPanel() {
  const analytics = useAnalytics();
  return (
    <section aria-labelledby="analytics" className="space-y-4">
      <h2 id="analytics" className="text-lg font-semibold text-zinc-100">
        Analytics
      </h2>
      {analytics.isPending ? (
        <Spinner label="Loading analytics" />
      ) : analytics.isError ? (
        <LoadError
          message={["Failed to load analytics", analytics.error.message]}
          onRetry={() => void analytics.refetch()}
        />
      ) : analytics.data.total === 0 ? (
        <EmptyState>No page views yet</EmptyState>
      ) : (
        <AnalyticsReport report={analytics.data} />
      )}
    </section>
  );
}

function AnalyticsReport({ report }: { report: Analytics }) {
  const busiest = report.top[0]?.views ?? 1;
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-3 rounded-xl border border-line bg-panel p-4">
        <p className="text-sm text-zinc-300">
          <span className="text-2xl font-semibold text-zinc-50" data-testid="analytics-total">
            {count.format(report.total)}
          </span>{" "}
          page views in the last {ANALYTICS_DAYS} days
        </p>
        <DailyViewsChart days={report.days} />
      </div>
      <div className="space-y-3 rounded-xl border border-line bg-panel p-4">
        <h3 id="top-pages" className="text-sm font-semibold text-zinc-200">
          Top pages
        </h3>
        <ol aria-labelledby="top-pages" className="space-y-2 text-sm">
          {report.top.map((page) => (
            <li key={page.route} className="space-y-1">
              <div className="flex justify-between gap-3">
                <span className="truncate font-mono text-zinc-200">{page.route}</span>
                <span className="text-muted">{count.format(page.views)}</span>
              </div>
              <div className="h-1 rounded bg-gem/70" style={{ width: `${(page.views / busiest) * 100}%` }} />
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted">
          Views per page pattern: every token page counts as /token/:symbol. Days are UTC.
        </p>
      </div>
    </div>
  );
}
