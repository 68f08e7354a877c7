import { Page } from "../../../components/ui/page.tsx";
import { chartWidget, newsWidget } from "../widgets/tradingview.ts";
import { TradingViewCredit } from "../widgets/tradingview-credit.tsx";
import { TradingViewFrame } from "../widgets/tradingview-frame.tsx";

// The chart 800 high, the news sidebar 990.
const chart = chartWidget({ symbol: "BINANCE:BTCUSDT", height: 800 });
const news = newsWidget({ height: 990 });

/** Market Sentiment: a live chart beside the crypto market's news. */
export function MarketSentimentPage() {
  return (
    <Page
      title="Market Sentiment"
      description="Read the mood of the market: Bitcoin's live price chart next to the latest crypto headlines."
    >
      <TradingViewCredit widgets="The chart and the news" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Bitcoin chart" className="min-w-0">
          <TradingViewFrame widget={chart} />
        </section>
        <aside aria-label="Crypto news" className="min-w-0">
          <TradingViewFrame widget={news} />
        </aside>
      </div>
    </Page>
  );
}
