import { Link } from "react-router";
import { builtInTokens } from "../../../../contracts/market-catalog.ts";
import { formatUsd } from "../../../lib/usd.ts";
import { paths } from "../../../paths.ts";
import { usePrices } from "../api.ts";
import { PriceChange } from "./price-change.tsx";
import { CHANGE_SLOT, PRICE_SLOT } from "./price-slots.ts";

/**
 * The token ticker strip: each built-in token with its live price and 24-hour change where
 * known ('—' otherwise), linking to its page. Its prices come from the marquee's query.
 */
export function TickerStrip() {
  const prices = usePrices();
  return (
    <nav aria-label="Token ticker" data-testid="ticker-strip" className="border-b border-line bg-panel/60">
      {/* relative: the screen-reader-only words of coins scrolled out of sight stay inside the
          strip instead of stretching the page sideways. */}
      <ul className="relative flex gap-2 overflow-x-auto px-4 py-2 text-sm [scrollbar-width:none]">
        {builtInTokens.map((token) => {
          const quote = prices.quote(token.symbol);
          return (
            <li key={token.symbol} className="shrink-0">
              <Link
                to={paths.token(token.symbol)}
                title={token.name}
                className="inline-flex items-center gap-2 rounded-full border border-line px-3 py-1 hover:border-gem"
              >
                <span className="font-mono font-medium text-zinc-200">{token.symbol}</span>{" "}
                <span className={`font-mono text-xs tabular-nums text-zinc-400 ${PRICE_SLOT}`}>
                  {formatUsd(quote?.usd)}
                </span>
                {quote ? <span className="sr-only"> </span> : <span className="sr-only"> no price now</span>}
                <span className={`text-xs ${CHANGE_SLOT}`}>
                  {quote ? <PriceChange change={quote.change24h} className="text-xs" /> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
