import { Link } from "react-router";
import { findBuiltInToken } from "../../../contracts/market-catalog.ts";
import { useCoinFilter } from "../../lib/coin-filter.ts";
import { paths } from "../../paths.ts";

const chip =
  "inline-flex items-center rounded-full border border-line bg-zinc-900 px-2 py-0.5 font-mono text-[11px] font-medium text-zinc-300 hover:border-gem/60 hover:text-gem focus-visible:outline-2 focus-visible:outline-gem";

/**
 * An article's coin tags as chips: a coin with a token page links there; any other
 * filters the list it is on (`?coin=SYM`), or the list at `filterOn` when given (a card
 * outside any filterable list).
 */
export function CoinChips(props: { coins: readonly string[]; filterOn?: string }) {
  // Most articles name no coin: they render nothing and read nothing of the address.
  return props.coins.length === 0 ? null : <ChipList {...props} />;
}

function ChipList({ coins, filterOn }: { coins: readonly string[]; filterOn?: string }) {
  const filter = useCoinFilter();
  return (
    // A group, not a list: it sits inside list items (a story's articles) that readers count.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are links
    <div role="group" aria-label="Coins" className="flex flex-wrap gap-1">
      {coins.map((symbol) => {
        const token = findBuiltInToken(symbol);
        const to = token
          ? paths.token(token.symbol)
          : filterOn
            ? `${filterOn}?${new URLSearchParams({ coin: symbol })}`
            : filter.filterHref(symbol);
        return (
          <Link
            key={symbol}
            to={to}
            aria-label={`Coin: ${symbol}`}
            title={token ? `${token.name}: its token page` : `Only articles tagged ${symbol}`}
            className={`${chip} ${filter.coin === symbol ? "border-gem/60 text-gem" : ""}`}
          >
            {symbol}
          </Link>
        );
      })}
    </div>
  );
}
