import { useId } from "react";
import { formatUsd } from "../../../lib/usd.ts";
import type { ChartPoint } from "../sample-data.ts";

const WIDTH = 600;
const HEIGHT = 200;
// Room above and below the line so its highest and lowest points are not cut by the frame.
const PAD = 8;

/** The line's path through the points, scaled into the drawing's box (oldest on the left). */
export function linePath(points: readonly ChartPoint[]): string {
  const times = points.map((p) => p.t);
  const prices = points.map((p) => p.usd);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const x = (t: number) => (t1 === t0 ? WIDTH / 2 : ((t - t0) / (t1 - t0)) * WIDTH);
  const y = (usd: number) => (high === low ? HEIGHT / 2 : PAD + (1 - (usd - low) / (high - low)) * (HEIGHT - 2 * PAD));
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.t).toFixed(1)},${y(p.usd).toFixed(1)}`).join(" ");
}

/**
 * A small line chart drawn as SVG (no chart library): the line, named for screen readers by
 * `title` and `description`, with its lowest, highest and last price written out beneath.
 */
export function LineChart({
  points,
  title,
  description,
  from,
  to,
}: {
  points: readonly ChartPoint[];
  title: string;
  description: string;
  /** Labels for the left and right ends of the time axis. */
  from: string;
  to: string;
}) {
  const titleId = useId();
  const descId = useId();
  const gradientId = useId();
  const prices = points.map((p) => p.usd);
  const first = prices[0] ?? 0;
  const last = prices.at(-1) ?? 0;
  const rising = last >= first;
  const line = linePath(points);
  const stroke = rising ? "#34d399" : "#f87171";

  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-56 w-full rounded-lg bg-zinc-950"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={stroke} stopOpacity="0.25" />
            <stop offset="100%" stopColor={stroke} stopOpacity="0" />
          </linearGradient>
        </defs>
        <path d={`${line} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z`} fill={`url(#${gradientId})`} stroke="none" />
        <path d={line} fill="none" stroke={stroke} strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden>
        <span>{from}</span>
        <span>{to}</span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure label="Low" value={formatUsd(Math.min(...prices))} />
        <Figure label="High" value={formatUsd(Math.max(...prices))} />
        <Figure label="Last" value={formatUsd(last)} />
      </dl>
    </figure>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-line px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-mono tabular-nums text-zinc-100">{value}</dd>
    </div>
  );
}
