import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { builtInTokens } from "../../../../contracts/market-catalog.ts";
import { Page } from "../../../components/ui/page.tsx";
import { chartWidget, newsWidget, screenerWidget, tradingViewSymbol } from "../widgets/tradingview.ts";
import { TradingViewCredit } from "../widgets/tradingview-credit.tsx";
import { TradingViewFrame } from "../widgets/tradingview-frame.tsx";

/** The built-in tokens worth a chart against Tether (Tether's own would be a flat line). */
const chartable = builtInTokens.filter((token) => token.symbol !== "USDT");

// The screener 800 high, the news 990.
const screener = screenerWidget({ height: 800 });
const news = newsWidget({ height: 990 });

/** Tokens: a token's chart (default height 550) and a screener of the crypto market, with the news beside them. */
export function TokensPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get("chart")?.toUpperCase();
  const token = chartable.find((candidate) => candidate.symbol === wanted) ?? chartable[0];
  const symbol = token?.symbol ?? "BTC";
  const chart = useMemo(() => chartWidget({ symbol: tradingViewSymbol(symbol), height: 550 }), [symbol]);

  return (
    <Page title="Tokens" description="Chart a token and compare the whole crypto market at a glance in the screener.">
      <TradingViewCredit widgets="The chart, the screener and the news" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-label={`${token?.name ?? symbol} chart`} className="space-y-3">
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Token to chart</legend>
              {chartable.map((candidate) => (
                <button
                  key={candidate.symbol}
                  type="button"
                  aria-pressed={candidate.symbol === symbol}
                  title={candidate.name}
                  onClick={() => setParams({ chart: candidate.symbol }, { replace: true })}
                  className="rounded-full border border-line px-3 py-1 font-mono text-sm text-zinc-300 hover:border-gem hover:text-gem aria-pressed:border-gem aria-pressed:bg-gem/10 aria-pressed:text-gem"
                >
                  {candidate.symbol}
                </button>
              ))}
            </fieldset>
            <TradingViewFrame key={symbol} widget={chart} />
          </section>
          <section aria-label="Crypto screener">
            <TradingViewFrame widget={screener} />
          </section>
        </div>
        <aside aria-label="Crypto news" className="min-w-0">
          <TradingViewFrame widget={news} />
        </aside>
      </div>
    </Page>
  );
}
