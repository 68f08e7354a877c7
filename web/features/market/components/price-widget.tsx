import { useId } from "react";
import { Link } from "react-router";
import { findBuiltInToken, widgetCoins } from "../../../../contracts/market-catalog.ts";
import { formatUsd } from "../../../lib/usd.ts";
import { paths } from "../../../paths.ts";
import { type PriceBoard, usePrices } from "../api.ts";
import { formatClock } from "../format.ts";
import { PriceChange } from "./price-change.tsx";

/**
 * The price widget (Stories page and home): the fixed twenty coins in US dollars with
 * their 24-hour change, from our own price service. Loaded lazily, below the page's first
 * content.
 */
export function PriceWidget() {
  const prices = usePrices();
  const headingId = useId();
  const loading = prices.status === "pending";
  const asOf = widgetCoins.map((coin) => prices.quote(coin.symbol)).find(Boolean);

  return (
    // A plain box under its heading: the page places it in its own labelled landmark (aside).
    <div className="rounded-xl border border-line bg-zinc-950 p-4">
      <h2 id={headingId} className="font-semibold text-zinc-50">
        Prices
      </h2>
      <p className="text-xs text-muted">
        In US dollars, with the change over 24 hours{asOf ? ` · as of ${formatClock(asOf.asOf)}` : ""}
        {asOf?.source === "sample" ? " · sample prices" : ""}
      </p>
      <PriceProblemLine prices={prices} />
      <table aria-labelledby={headingId} aria-busy={loading} className="mt-3 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Coin</th>
            <th scope="col">Price</th>
            <th scope="col">24 h change</th>
          </tr>
        </thead>
        <tbody>
          {widgetCoins.map((coin) => {
            const quote = prices.quote(coin.symbol);
            const token = findBuiltInToken(coin.symbol);
            return (
              <tr key={coin.symbol} className="border-t border-line/60">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {token ? (
                    <Link to={paths.token(coin.symbol)} className="group">
                      <CoinName symbol={coin.symbol} name={coin.name} />
                    </Link>
                  ) : (
                    <CoinName symbol={coin.symbol} name={coin.name} />
                  )}
                </th>
                <td className="py-1.5 text-right font-mono tabular-nums text-zinc-200">
                  {loading ? <Placeholder /> : formatUsd(quote?.usd)}
                </td>
                <td className="w-20 py-1.5 pl-2 text-right text-xs">
                  {loading ? <Placeholder /> : <PriceChange change={quote?.change24h} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CoinName({ symbol, name }: { symbol: string; name: string }) {
  return (
    <span className="flex min-w-0 flex-col leading-tight">
      <span className="font-mono font-medium text-zinc-100 group-hover:text-gem">{symbol}</span>
      <span className="truncate text-xs text-muted">{name}</span>
    </span>
  );
}

function Placeholder() {
  return (
    <span className="inline-block h-3 w-14 animate-pulse rounded bg-zinc-800 motion-reduce:animate-none">
      <span className="sr-only">Loading</span>
    </span>
  );
}

/** Why prices are missing and when they are asked for again; nothing when all is well. */
export function PriceProblemLine({ prices }: { prices: PriceBoard }) {
  if (!prices.problem) return null;
  const { reason, retryAt } = prices.problem;
  const when = retryAt ? formatClock(retryAt) : "";
  return (
    <p
      role="status"
      className="mt-2 rounded-md border border-amber-900/60 bg-amber-950/30 px-3 py-2 text-xs text-amber-100"
    >
      Prices are unavailable right now: {reason.replace(/\.$/, "")}.
      {when ? ` They will be asked for again at ${when}.` : ""}
    </p>
  );
}
