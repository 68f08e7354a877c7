import { Link } from "react-router";
import { builtInTokens } from "../../../../contracts/market-catalog.ts";
import { paths } from "../../../paths.ts";

/** The token ticker strip. Lists the built-in tokens; live prices join it with the market data. */
export function TickerStrip() {
  return (
    <nav aria-label="Token ticker" data-testid="ticker-strip" className="border-b border-line bg-panel/60">
      <ul className="flex gap-2 overflow-x-auto px-4 py-2 text-sm [scrollbar-width:none]">
        {builtInTokens.map((token) => (
          <li key={token.symbol} className="shrink-0">
            <Link
              to={paths.token(token.symbol)}
              title={token.name}
              className="rounded-full border border-line px-3 py-1 font-mono text-zinc-300 hover:border-gem hover:text-gem"
            >
              {token.symbol}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
