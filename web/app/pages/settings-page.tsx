import type { ReactNode } from "react";
import { Link } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { DeleteAccount, SignOutButton } from "../../features/accounts/components/account-actions.tsx";
import { ProfileForm } from "../../features/accounts/components/profile-form.tsx";
import { FeedSettingsPanel } from "../../features/settings/components/feed-settings-panel.tsx";
import { useMe } from "../../lib/session.ts";
import { paths } from "../../paths.ts";
import { SignInFirst } from "./profile-page.tsx";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line pt-6 first:border-0 first:pt-0">
      <h2 id={id} className="mb-4 text-lg font-semibold text-zinc-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Settings: degen mode and feed choices, and — for members — the profile and the account. */
export function SettingsPage() {
  const me = useMe();
  const user = me.data?.user;
  return (
    <Page title="Settings">
      <div className="space-y-8">
        <Section id="reading" title="Reading">
          <FeedSettingsPanel />
          <p className="mt-4 text-sm text-muted">
            Feeds empty or stale?{" "}
            <Link to={paths.feedStatus} className="text-gem underline hover:text-white">
              Feed status
            </Link>{" "}
            shows where each feed comes from and how its last fetches went.
          </p>
          <p className="mt-2 text-sm text-muted">
            Want another site's news?{" "}
            <Link to={paths.memberFeeds} className="text-gem underline hover:text-white">
              Your feeds
            </Link>{" "}
            follows any feed or site by its address, and imports or exports OPML.
          </p>
        </Section>
        {user ? (
          <>
            <Section id="personal-information" title="Personal Information">
              <ProfileForm user={user} />
            </Section>
            <Section id="account" title="Account">
              <div className="flex flex-wrap items-start gap-3">
                <SignOutButton />
                <DeleteAccount user={user} />
              </div>
            </Section>
          </>
        ) : me.isSuccess ? (
          <Section id="account" title="Account">
            <SignInFirst what="keep your settings on every device and edit your profile" />
          </Section>
        ) : null}
      </div>
    </Page>
  );
}
