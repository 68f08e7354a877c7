import type { ReactNode } from "react";
import { SampleBadge } from "../../../components/ui/sample-badge.tsx";
import { formatUsd } from "../../../lib/usd.ts";
import type { PriceBoard } from "../api.ts";
import { formatClock, formatCompactUsd } from "../format.ts";
import type { SampleHolders } from "../sample-data.ts";
import { PriceChange } from "./price-change.tsx";

/**
 * The token page's figures: price, 24 h change, market cap, 24 h volume (ours, live)
 * and total holders (sample). Without a price each reads '—' and a line says why.
 */
export function TokenSummary({
  symbol,
  name,
  prices,
  holders,
}: {
  symbol: string;
  name: string;
  prices: PriceBoard;
  holders: SampleHolders;
}) {
  const quote = prices.quote(symbol);
  return (
    <section aria-label={`${name} market figures`} className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Price" wide>
          <span className="text-2xl font-semibold text-zinc-50">{formatUsd(quote?.usd)}</span>
        </Stat>
        <Stat label="24 h change">
          <PriceChange change={quote?.change24h} className="text-lg" />
        </Stat>
        <Stat label="Market cap">{formatCompactUsd(quote?.marketCap)}</Stat>
        <Stat label="24 h volume">{formatCompactUsd(quote?.volume24h)}</Stat>
        <Stat label="Total holders" badge={<SampleBadge label="Sample" />}>
          {holders.totalHolders.toLocaleString("en-US")}
        </Stat>
      </dl>
      <PriceNote symbol={symbol} name={name} prices={prices} />
    </section>
  );
}

function Stat({
  label,
  badge,
  wide,
  children,
}: {
  label: string;
  badge?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`rounded-xl border border-line bg-panel p-3 ${wide ? "col-span-2 sm:col-span-1" : ""}`}>
      <dt className="flex items-center gap-2 text-xs text-muted">
        {label}
        {badge}
      </dt>
      <dd className="mt-1 font-mono tabular-nums text-zinc-100">{children}</dd>
    </div>
  );
}

/** Where the price comes from and when, or why there is none and when it is asked for again. */
function PriceNote({ symbol, name, prices }: { symbol: string; name: string; prices: PriceBoard }) {
  const quote = prices.quote(symbol);
  if (quote) {
    return (
      <p className="text-xs text-muted">
        As of {formatClock(quote.asOf)} ·{" "}
        {quote.source === "sample" ? "sample prices (sample mode), not market data" : `source: ${quote.source}`}
      </p>
    );
  }
  if (prices.status === "pending") return <p className="text-xs text-muted">Loading the price…</p>;
  const problem = prices.problem;
  if (!problem) {
    return (
      <p role="status" className="text-sm text-amber-100">
        The price source has no price for {name} right now.
      </p>
    );
  }
  const lastGood = problem.lastGood[symbol.toUpperCase()];
  return (
    <p role="status" className="rounded-md border border-amber-900/60 bg-amber-950/30 px-3 py-2 text-sm text-amber-100">
      No price for {name} right now: {problem.reason.replace(/\.$/, "")}.
      {lastGood ? ` The last good price was at ${formatClock(lastGood)}.` : ""}
      {problem.retryAt ? ` Prices will be asked for again at ${formatClock(problem.retryAt)}.` : ""}
    </p>
  );
}
