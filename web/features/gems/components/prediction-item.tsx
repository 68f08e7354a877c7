import type { Prediction } from "../../../../contracts/gems.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatUsd } from "../../../lib/usd.ts";
import { formatCountdown } from "../countdown.ts";
import { formatGems } from "../format.ts";

const outcomeLook = {
  won: { label: "Won", className: "bg-emerald-950 text-emerald-300 border-emerald-800" },
  lost: { label: "Lost", className: "bg-red-950 text-red-300 border-red-800" },
  void: { label: "Void", className: "bg-zinc-800 text-zinc-300 border-zinc-700" },
  active: { label: "Open", className: "bg-amber-950 text-amber-200 border-amber-800" },
} as const;

/** "BTC up 1.5% in 5m" — what was predicted, in words. */
export function describeCall(prediction: Prediction): string {
  return `${prediction.token} ${prediction.direction} ${prediction.percentage}% in ${prediction.timeFrame}`;
}

/**
 * One prediction: the call, the stake, then either the time left or the outcome with its
 * resolution record (entry and exit price, when, and from where) so anyone can check it.
 */
export function PredictionItem({
  prediction,
  now,
  as: Element = "li",
}: {
  prediction: Prediction;
  now: number;
  /** An entry of a list of predictions (the default), or a card of its own (in the Blurts timeline). */
  as?: "li" | "article";
}) {
  const look = outcomeLook[prediction.status];
  const left = new Date(prediction.endsAt).getTime() - now;
  return (
    <Element aria-label={describeCall(prediction)} className="rounded-xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-zinc-50">
          {prediction.token} {prediction.direction === "up" ? "long ↑" : "short ↓"} {prediction.percentage}% in{" "}
          {prediction.timeFrame}
        </p>
        <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${look.className}`}>{look.label}</span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Staked</dt>
        <dd className="tabular-nums">{formatGems(prediction.wager)}</dd>
        {prediction.status === "active" ? (
          <>
            <dt className="text-muted">Ends in</dt>
            <dd className="tabular-nums">
              {left > 0 ? (
                <time dateTime={prediction.endsAt}>{formatCountdown(left)}</time>
              ) : (
                // The server's note says what it waits for and when it is refunded without it.
                (prediction.note ?? "Ended — waiting for the price to resolve it")
              )}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-muted">{prediction.status === "void" ? "Refunded" : "Payout"}</dt>
            <dd className="tabular-nums">{formatGems(prediction.payout ?? 0)}</dd>
          </>
        )}
        <dt className="text-muted">Entry</dt>
        <dd>
          {formatUsd(prediction.entry.usd)} at {formatDateTime(prediction.entry.at)} · {prediction.entry.source}
        </dd>
        {prediction.exit ? (
          <>
            <dt className="text-muted">Exit</dt>
            <dd>
              {formatUsd(prediction.exit.usd)} at {formatDateTime(prediction.exit.at)} · {prediction.exit.source}
            </dd>
          </>
        ) : null}
        {prediction.note && prediction.status !== "active" ? (
          <>
            <dt className="text-muted">Why</dt>
            <dd>{prediction.note}</dd>
          </>
        ) : null}
      </dl>
    </Element>
  );
}
