import { Page } from "../../../components/ui/page.tsx";
import { Prose } from "../../../components/ui/prose.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useSiteConfig } from "../../../lib/site-config.ts";

export function ContactPage() {
  const site = useSiteConfig();
  return (
    <Page title="Contact Us">
      <Prose>
        <p>Questions about your membership, your data or Gemwire itself? Write to us and we will answer.</p>
        {site.isPending ? (
          <Spinner label="Loading the contact address" />
        ) : site.isError ? (
          <p role="alert">The contact address could not be loaded. Please reload the page to try again.</p>
        ) : (
          <p>
            Email: <a href={`mailto:${site.data.contactEmail}`}>{site.data.contactEmail}</a>
          </p>
        )}
      </Prose>
    </Page>
  );
}
