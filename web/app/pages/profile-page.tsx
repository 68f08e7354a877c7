import { Page } from "../../components/ui/page.tsx";
import { SignInLink } from "../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { primaryButton } from "../../components/ui/styles.ts";
import { ProfileForm } from "../../features/accounts/components/profile-form.tsx";
import { useMe } from "../../lib/session.ts";

export function SignInFirst({ what }: { what: string }) {
  return (
    <div className="max-w-lg space-y-4">
      <p className="text-muted">Sign in to {what}.</p>
      <SignInLink className={primaryButton}>Sign In</SignInLink>
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
