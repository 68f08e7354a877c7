import { X } from "lucide-react";
import { Link } from "react-router";
import type { CoinFilter } from "../../lib/coin-filter.ts";

/** "Showing articles tagged SOL — Clear": says a list is filtered, and undoes it. */
export function CoinFilterBar({ filter }: { filter: CoinFilter }) {
  if (!filter.coin && !filter.invalid) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-gem/40 bg-gem/10 px-3 py-2 text-sm text-zinc-100"
    >
      <p>
        {filter.coin ? (
          <>
            Showing articles tagged <strong className="font-semibold">{filter.coin}</strong>
          </>
        ) : (
          <>“{filter.invalid}” is not a coin's symbol (letters and digits, at most 12): showing every article</>
        )}
      </p>
      <Link
        to={filter.clearHref}
        className="inline-flex items-center gap-1 rounded-md border border-line px-2 py-1 text-xs text-zinc-200 hover:bg-zinc-800"
      >
        <X className="size-3.5" aria-hidden />
        Clear<span className="sr-only"> the coin filter</span>
      </Link>
    </div>
  );
}
