import { Gem } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../paths.ts";

/** The logo; `compact` (the phone header) keeps only the gem on the narrowest screens, for the buttons beside it. */
export function Logo({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-zinc-50"
    >
      <Gem className="size-6 text-gem" aria-hidden />
      <span className={compact ? "max-[400px]:sr-only" : undefined}>Gemwire</span>
    </Link>
  );
}
