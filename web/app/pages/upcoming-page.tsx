import { ComingSoon } from "../../components/ui/coming-soon.tsx";
import { Page } from "../../components/ui/page.tsx";
import type { UpcomingPage as UpcomingPageInfo } from "./upcoming-pages.ts";

export function UpcomingPage({ page }: { page: UpcomingPageInfo }) {
  return (
    <Page title={page.title}>
      <ComingSoon>{page.summary}</ComingSoon>
    </Page>
  );
}
