import { Gem } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../paths.ts";
import { useGems } from "../api.ts";
import { formatGems } from "../format.ts";

/**
 * The header's GEMS balance for a member, linking to their predictions. While it loads, or
 * when it cannot be had, the gem stays with a dash rather than a guess.
 */
export function GemsBalance() {
  const gems = useGems();
  const balance = gems.data?.balance;
  const label = balance === undefined ? "GEMS balance unavailable" : `GEMS balance: ${formatGems(balance)}`;
  return (
    <Link
      to={paths.predictions}
      aria-label={label}
      title={gems.isError ? "The GEMS balance could not be loaded" : undefined}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-gem tabular-nums hover:bg-zinc-800"
    >
      <Gem className="size-4" aria-hidden />
      <span>{balance === undefined ? "—" : balance.toLocaleString("en-US")}</span>
      <span className="sr-only sm:not-sr-only text-xs font-normal text-muted">GEMS</span>
    </Link>
  );
}
