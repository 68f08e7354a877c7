import { Hammer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../paths.ts";

/** An honest placeholder for a part of Gemwire that is still being built. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-panel/60 p-8 text-center">
      <Hammer className="mx-auto size-8 text-gem" aria-hidden />
      <p className="mt-4 font-semibold text-zinc-100">Coming soon</p>
      <p className="mx-auto mt-2 max-w-xl text-muted">{children}</p>
      <Link to={paths.home} className="mt-6 inline-block text-sm font-medium text-gem hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
