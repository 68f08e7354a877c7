import { Link } from "react-router";
import { ComingSoon } from "../../components/ui/coming-soon.tsx";
import { Page } from "../../components/ui/page.tsx";
import type { UpcomingPage as UpcomingPageInfo } from "./upcoming-pages.ts";

export function UpcomingPage({ page }: { page: UpcomingPageInfo }) {
  return (
    <Page title={page.title}>
      <ComingSoon>{page.summary}</ComingSoon>
      {page.related?.map((link) => (
        <p key={link.to} className="mt-4">
          <Link to={link.to} className="text-gem underline hover:text-white">
            {link.label}
          </Link>
        </p>
      ))}
    </Page>
  );
}
