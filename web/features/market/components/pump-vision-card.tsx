import { MessageCircle, Users, Zap } from "lucide-react";
import { copyContractAddress, simulateQuickBuy } from "../pump-vision-actions.ts";
import { launchpadLabels, type PumpToken, QUICK_BUY_USD, socialLabels } from "../pump-vision-data.ts";
import { formatAge, formatCount, formatPercent, formatUsd, shortAddress } from "../pump-vision-format.ts";

/** A steady colour per symbol for the token's monogram (the sample tokens have no pictures). */
function hueOf(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function Holding({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 ${tone}`}>
      {label} {formatPercent(value)}
    </span>
  );
}

/** A Pump Vision card: who holds the token, how it trades, and a simulated $5 quick-buy. */
export function PumpTokenCard({ token }: { token: PumpToken }) {
  const { stats } = token;
  return (
    <article
      aria-label={`${token.name} (${token.symbol})`}
      className="rounded-lg border border-line bg-panel p-3 text-sm hover:border-zinc-600"
    >
      <div className="flex items-start gap-3">
        <div
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-md font-bold text-zinc-50"
          style={{ backgroundColor: `hsl(${hueOf(token.symbol)} 45% 28%)` }}
        >
          {token.symbol.slice(0, 2)}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <button
              type="button"
              onClick={() => void copyContractAddress(token)}
              title={`Copy contract address ${shortAddress(token.address)}`}
              aria-label={`${token.symbol}: copy contract address`}
              className="rounded font-mono font-bold text-zinc-50 hover:text-gem"
            >
              {token.symbol}
            </button>
            <span className="min-w-0 truncate text-muted">{token.name}</span>
            <span className="ml-auto shrink-0 text-xs font-medium text-gem" title="Age">
              <span className="sr-only">Age </span>
              {formatAge(token.ageMinutes)}
            </span>
          </div>
          <p className="mt-0.5 truncate text-xs text-zinc-500">
            {launchpadLabels[token.launchpad]} ·{" "}
            {token.socials.length > 0 ? token.socials.map((s) => socialLabels[s]).join(", ") : "no socials"}
          </p>
        </div>
      </div>
      <p className="mt-2 flex flex-wrap gap-1 text-xs">
        <Holding label="Top 10" value={token.top10Percent} tone="bg-red-950/60 text-red-300" />
        <Holding label="Dev" value={token.devPercent} tone="bg-emerald-950/60 text-emerald-300" />
        <Holding label="Sniper" value={token.sniperPercent} tone="bg-sky-950/60 text-sky-300" />
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-zinc-400">
        <div className="flex gap-1" title="Volume">
          <dt>Vol</dt>
          <dd className="font-medium text-zinc-200">{formatUsd(stats.volume)}</dd>
        </div>
        <div className="flex gap-1" title="Market cap">
          <dt>MC</dt>
          <dd className="font-medium text-zinc-200">{formatUsd(stats.marketCap)}</dd>
        </div>
        <div className="flex items-center gap-1" title="Holders">
          <dt>
            <Users className="size-3.5" aria-hidden />
            <span className="sr-only">Holders</span>
          </dt>
          <dd className="font-medium text-zinc-200">{formatCount(stats.holders)}</dd>
        </div>
        <div className="flex items-center gap-1" title="Comments">
          <dt>
            <MessageCircle className="size-3.5" aria-hidden />
            <span className="sr-only">Comments</span>
          </dt>
          <dd className="font-medium text-zinc-200">{formatCount(stats.comments)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex items-center gap-3">
        <div
          aria-hidden
          title={`Bonding curve ${formatPercent(token.bondingCurvePercent)}`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-800"
        >
          <div className="h-full rounded-full bg-gem" style={{ width: `${token.bondingCurvePercent}%` }} />
        </div>
        <span className="shrink-0 text-xs text-zinc-400">
          <span className="sr-only">Bonding curve </span>
          {formatPercent(token.bondingCurvePercent)}
        </span>
        <button
          type="button"
          onClick={() => simulateQuickBuy(token)}
          aria-label={`$${QUICK_BUY_USD} quick-buy ${token.symbol} (simulated)`}
          className="inline-flex shrink-0 items-center gap-1 rounded-md bg-gem px-2.5 py-1 text-xs font-semibold text-zinc-950 hover:bg-gem-strong"
        >
          <Zap className="size-3.5" aria-hidden />${QUICK_BUY_USD}
        </button>
      </div>
    </article>
  );
}
