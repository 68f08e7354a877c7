import { Link, useLocation } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { paths } from "../../paths.ts";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <p className="text-muted">
        There is no page at <code className="rounded bg-panel px-1.5 py-0.5 text-zinc-200">{pathname}</code>.
      </p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-md bg-gem px-4 py-2 text-sm font-semibold text-zinc-950 hover:bg-gem-strong"
      >
        Go to the dashboard
      </Link>
    </Page>
  );
}
