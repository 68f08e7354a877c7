import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { primaryButton, secondaryButton } from "../../components/ui/styles.ts";
import { paths } from "../../paths.ts";

/** Shown when a page fails to load or render, e.g. a lazy chunk from an older deploy. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-zinc-50">Something went wrong</h1>
      <p className="mt-3 text-muted">
        This page could not be shown{detail ? ` (${detail})` : ""}. Reloading usually helps.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={primaryButton}>
          Reload
        </button>
        <Link to={paths.home} className={secondaryButton}>
          Go to the dashboard
        </Link>
      </div>
    </div>
  );
}
