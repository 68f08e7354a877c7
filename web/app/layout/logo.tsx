import { Gem } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../paths.ts";

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-zinc-50"
    >
      <Gem className="size-6 text-gem" aria-hidden />
      <span>Gemwire</span>
    </Link>
  );
}
