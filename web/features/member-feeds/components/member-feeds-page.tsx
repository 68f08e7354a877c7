import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { primaryButton } from "../../../components/ui/styles.ts";
import { paths } from "../../../paths.ts";
import { useMemberFeeds } from "../api.ts";
import { AddFeedForm } from "./add-feed-form.tsx";
import { MemberFeedRow } from "./member-feed-row.tsx";
import { OpmlTools } from "./opml-import.tsx";

const TITLE = "Your feeds";
const DESCRIPTION = "Follow any site's feed: its articles join your dashboard and My Feed.";

function Panel({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-line bg-panel/40 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-zinc-100">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The member's own feeds — add one by address, see how each is doing, remove, OPML in and out. */
export function MemberFeedsPage() {
  const { member, checking, query } = useMemberFeeds();
  if (checking) {
    return (
      <Page title={TITLE} description={DESCRIPTION}>
        <Spinner />
      </Page>
    );
  }
  if (!member) {
    return (
      <Page title={TITLE} description={DESCRIPTION}>
        <div className="max-w-lg space-y-4">
          <p className="text-muted">Sign in to follow feeds of your own, on every device.</p>
          <SignInLink className={primaryButton}>Sign In</SignInLink>
        </div>
      </Page>
    );
  }
  return (
    <Page title={TITLE} description={DESCRIPTION}>
      {query.isPending ? (
        <Spinner label="Loading your feeds" />
      ) : query.isError && !query.data ? (
        <LoadError
          message={`Your feeds could not be loaded: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data.enabled ? (
        <p role="status" className="max-w-2xl rounded-xl border border-line bg-panel/40 p-5 text-zinc-200">
          Following feeds of your own is turned off on this Gemwire: its operator has switched the feature off. The
          built-in feeds are still on your{" "}
          <Link to={paths.home} className="text-gem underline hover:text-white">
            dashboard
          </Link>
          .
        </p>
      ) : (
        <div className="space-y-6">
          <Panel id="add-feed" title="Add a feed">
            <AddFeedForm full={query.data.feeds.length >= query.data.limit} limit={query.data.limit} />
          </Panel>
          <Panel
            id="followed-feeds"
            title="Feeds you follow"
            aside={
              <p className="text-sm text-muted">
                {query.data.feeds.length} of {query.data.limit}
              </p>
            }
          >
            {query.data.feeds.length === 0 ? (
              <EmptyState>
                You follow no feeds of your own yet. Paste a feed's address (such as https://example.com/feed.xml) or
                simply a site's address (such as https://example.com) above: Gemwire finds the feed the site links to.
                Or import an OPML file from another feed reader below.
              </EmptyState>
            ) : (
              <ul aria-label="Feeds you follow" className="space-y-3">
                {query.data.feeds.map((feed) => (
                  <MemberFeedRow key={feed.key} feed={feed} />
                ))}
              </ul>
            )}
          </Panel>
          <Panel id="opml" title="OPML">
            <OpmlTools />
          </Panel>
        </div>
      )}
    </Page>
  );
}
