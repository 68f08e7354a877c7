import { useId } from "react";
import { SampleBadge } from "../../../components/ui/sample-badge.tsx";
import type { SampleHolders } from "../sample-data.ts";

/**
 * The token page's holder analytics. No source gives these for every chain, so they are
 * sample data: generated per token and labelled so.
 */
export function HolderAnalytics({ name, holders }: { name: string; holders: SampleHolders }) {
  const headingId = useId();
  const figures: Array<[string, string]> = [
    ["Average holding time", `${holders.averageHoldingDays} days`],
    ["Top holder balance", `${holders.topHolderShare.toFixed(2)}% of supply`],
    ["Top 10 holders share", `${holders.top10Share.toFixed(1)}%`],
    ["Unique holders", holders.uniqueHolders.toLocaleString("en-US")],
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
          Holder analytics
        </h2>
        <SampleBadge />
      </div>
      <p className="text-sm text-muted">Illustrative figures generated for {name}, not measured on chain.</p>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-line px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-mono tabular-nums text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
