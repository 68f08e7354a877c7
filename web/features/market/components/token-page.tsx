import { useId, useMemo } from "react";
import { useParams } from "react-router";
import { findBuiltInToken } from "../../../../contracts/market-catalog.ts";
import { Page } from "../../../components/ui/page.tsx";
import { usePrices } from "../api.ts";
import { sampleHolders } from "../sample-data.ts";
import { HolderAnalytics } from "./holder-analytics.tsx";
import { PriceChart } from "./price-chart.tsx";
import { TokenNews } from "./token-news.tsx";
import { TokenSummary } from "./token-summary.tsx";

/**
 * Spec §2 Token detail, /token/{symbol}: the symbol is matched case-insensitively against the
 * built-in list; the page shows the token's live figures, its price chart, holder analytics
 * (sample data), the place of the prediction panel, and the news that names it.
 */
export function TokenPage() {
  const { symbol = "" } = useParams();
  const token = findBuiltInToken(symbol);
  if (!token) {
    return (
      <Page title="Token not found">
        <p className="text-muted">Gemwire has no token with the symbol “{symbol}”.</p>
      </Page>
    );
  }
  return <TokenDetail symbol={token.symbol} name={token.name} />;
}

function TokenDetail({ symbol, name }: { symbol: string; name: string }) {
  const prices = usePrices();
  const holders = useMemo(() => sampleHolders(symbol), [symbol]);
  const price = prices.quote(symbol)?.usd ?? null;
  return (
    <Page title={`${name} (${symbol})`}>
      <div className="space-y-6">
        <TokenSummary symbol={symbol} name={name} prices={prices} holders={holders} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <PriceChart symbol={symbol} name={name} price={price} />
            <HolderAnalytics name={name} holders={holders} />
          </div>
          <PredictionSlot name={name} />
        </div>
        <TokenNews symbol={symbol} name={name} />
      </div>
    </Page>
  );
}

/**
 * Spec §9 prediction panel's place. GEMS (the play-money points it stakes) is the next
 * piece of work; until then the slot says so rather than showing a panel that does nothing.
 */
function PredictionSlot({ name }: { name: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-slot="prediction-panel"
      className="self-start rounded-xl border border-dashed border-line bg-panel/60 p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
        Predict {name}
      </h2>
      <p className="mt-2 text-sm text-muted">
        Predictions on {name}'s price, staked in GEMS — Gemwire's play-money points, never real money — arrive with
        GEMS. Nothing can be predicted here yet.
      </p>
    </section>
  );
}
