import { Link } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { primaryButton } from "../../components/ui/styles.ts";
import { ProfileForm } from "../../features/accounts/components/profile-form.tsx";
import { useMe } from "../../lib/session.ts";
import { paths } from "../../paths.ts";

export function SignInFirst({ what }: { what: string }) {
  return (
    <div className="max-w-lg space-y-4">
      <p className="text-muted">Sign in to {what}.</p>
      <Link to={paths.login} className={primaryButton}>
        Sign In
      </Link>
    </div>
  );
}

export function ProfilePage() {
  const me = useMe();
  return (
    <Page title="Profile">
      {me.isPending ? (
        <Spinner />
      ) : me.data?.user ? (
        <section aria-labelledby="personal-information">
          <h2 id="personal-information" className="mb-4 text-lg font-semibold text-zinc-100">
            Personal Information
          </h2>
          <ProfileForm user={me.data.user} />
        </section>
      ) : (
        <SignInFirst what="edit your profile" />
      )}
    </Page>
  );
}
