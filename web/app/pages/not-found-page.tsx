import { Link, useLocation } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { primaryButton } from "../../components/ui/styles.ts";
import { paths } from "../../paths.ts";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <p className="text-muted">
        There is no page at <code className="rounded bg-panel px-1.5 py-0.5 text-zinc-200">{pathname}</code>.
      </p>
      <Link to={paths.home} className={`mt-6 ${primaryButton}`}>
        Go to the dashboard
      </Link>
    </Page>
  );
}
