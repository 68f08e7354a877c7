import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type HistoryRange, historyRanges } from "../../../../contracts/market-catalog.ts";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { SampleBadge } from "../../../components/ui/sample-badge.tsx";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { historyQuery } from "../api.ts";
import { formatClock } from "../format.ts";
import { type ChartPoint, needsSampleChart, SAMPLE_POINTS, sampleSeries } from "../sample-data.ts";
import { LineChart } from "./line-chart.tsx";

const rangeWords: Record<HistoryRange, string> = {
  "1h": "hour",
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
};

/**
 * The token's price chart with its range buttons: the prices recorded every minute, or —
 * only while fewer than two hours are recorded — 50 generated points around the
 * current price, labelled as sample data.
 */
export function PriceChart({ symbol, name, price }: { symbol: string; name: string; price: number | null }) {
  const headingId = useId();
  const [range, setRange] = useState<HistoryRange>("24h");
  const history = useQuery({ ...historyQuery(symbol, range), placeholderData: keepPreviousData });

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
          Price chart
        </h2>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset */}
        <div
          role="group"
          aria-label="Chart range"
          className="inline-flex overflow-hidden rounded-md border border-line"
        >
          {historyRanges.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={range === value}
              title={`The last ${rangeWords[value]}`}
              onClick={() => setRange(value)}
              className={`px-3 py-1 font-mono text-sm ${
                range === value ? "bg-gem/15 font-medium text-gem" : "text-zinc-300 hover:bg-zinc-800"
              }`}
            >
              {value}
            </button>
          ))}
        </div>
      </div>
      {history.isPending ? (
        <div role="status" aria-label="Loading the price chart" className="h-56 animate-pulse rounded-lg bg-zinc-900" />
      ) : history.isError && !history.data ? (
        <LoadError message="The price history could not be loaded." onRetry={() => void history.refetch()} />
      ) : (
        <div aria-busy={history.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <ChartBody
            name={name}
            symbol={symbol}
            // The answer's own range: while another range loads, the chart on screen keeps its true label.
            range={history.data.range}
            price={price}
            recordedSince={history.data.recordedSince}
            recorded={history.data.points}
          />
        </div>
      )}
    </section>
  );
}

function ChartBody({
  name,
  symbol,
  range,
  price,
  recordedSince,
  recorded,
}: {
  name: string;
  symbol: string;
  range: HistoryRange;
  price: number | null;
  recordedSince: string | null;
  recorded: ReadonlyArray<{ t: string; usd: number }>;
}) {
  const now = Date.now();
  const axis = (t: number) =>
    range === "1h" || range === "24h" ? formatClock(new Date(t).toISOString(), now) : formatDate(t);

  if (needsSampleChart(recordedSince, now)) {
    const center = price ?? recorded.at(-1)?.usd ?? null;
    const since = recordedSince ? `since ${formatDateTime(recordedSince)}` : "none yet";
    return (
      <div className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <SampleBadge />
          Fewer than 2 hours of {name} prices are recorded so far ({since}): the chart shows {SAMPLE_POINTS} generated
          points, not real prices.
        </p>
        {center === null ? (
          <EmptyState>No price for {name} to draw a sample chart around yet.</EmptyState>
        ) : (
          <Chart points={sampleSeries(symbol, range, center, now)} name={name} range={range} sample axis={axis} />
        )}
      </div>
    );
  }

  const points = recorded.map((p) => ({ t: Date.parse(p.t), usd: p.usd }));
  if (points.length < 2)
    return (
      <EmptyState>
        Not enough {name} prices recorded in the last {rangeWords[range]}.
      </EmptyState>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        Recorded prices, once a minute{recordedSince ? ` since ${formatDateTime(recordedSince)}` : ""}.
      </p>
      <Chart points={points} name={name} range={range} sample={false} axis={axis} />
    </div>
  );
}

function Chart({
  points,
  name,
  range,
  sample,
  axis,
}: {
  points: ChartPoint[];
  name: string;
  range: HistoryRange;
  sample: boolean;
  axis: (t: number) => string;
}) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const kind = sample
    ? `${points.length} generated sample points, not real prices`
    : `${points.length} recorded prices`;
  return (
    <LineChart
      points={points}
      title={`${name} price in US dollars over the last ${rangeWords[range]}${sample ? " (sample data)" : ""}`}
      description={`Line chart of ${kind}, from ${formatDateTime(first.t)} to ${formatDateTime(last.t)}.`}
      from={axis(first.t)}
      to={axis(last.t)}
    />
  );
}
