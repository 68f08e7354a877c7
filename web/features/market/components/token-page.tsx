import { type ReactNode, useMemo } from "react";
import { useParams } from "react-router";
import { findBuiltInToken } from "../../../../contracts/market-catalog.ts";
import { Page } from "../../../components/ui/page.tsx";
import { usePrices } from "../api.ts";
import { sampleHolders } from "../sample-data.ts";
import { HolderAnalytics } from "./holder-analytics.tsx";
import { PriceChart } from "./price-chart.tsx";
import { TokenNews } from "./token-news.tsx";
import { TokenSummary } from "./token-summary.tsx";

/** What the page hands the prediction panel: the token and its price now (null when there is none). */
export type TokenForPrediction = { symbol: string; name: string; price: number | null };

/**
 * The token page, /token/{symbol}: the symbol is matched case-insensitively against the
 * built-in list; the page shows the token's live figures, its price chart, holder analytics
 * (sample data), the prediction panel, and the news that names it. The panel belongs to GEMS,
 * so it comes in through `predictionSlot`, joined in web/app/pages (features stay apart).
 */
export function TokenPage({ predictionSlot }: { predictionSlot?: (token: TokenForPrediction) => ReactNode }) {
  const { symbol = "" } = useParams();
  const token = findBuiltInToken(symbol);
  if (!token) {
    return (
      <Page title="Token not found">
        <p className="text-muted">Gemwire has no token with the symbol “{symbol}”.</p>
      </Page>
    );
  }
  return <TokenDetail symbol={token.symbol} name={token.name} predictionSlot={predictionSlot} />;
}

function TokenDetail({
  symbol,
  name,
  predictionSlot,
}: {
  symbol: string;
  name: string;
  predictionSlot: ((token: TokenForPrediction) => ReactNode) | undefined;
}) {
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
          <div data-slot="prediction-panel" className="self-start">
            {predictionSlot?.({ symbol, name, price })}
          </div>
        </div>
        <TokenNews symbol={symbol} name={name} />
      </div>
    </Page>
  );
}
