import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { CopyButton } from "../../../components/ui/copy-button.tsx";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast, toastStore } from "../../../components/ui/toast/toast-store.ts";
import { useMe } from "../../../lib/session.ts";
import { paths } from "../../../paths.ts";
import { useAdminSignIn, useAdminSignOut, useCreateInvite, useInvites, useRevokeInvite } from "../api.ts";

/**
 * /admin: the password sign-in, then `children` — the app gives the tabs of events,
 * blog posts and invitations (features do not import each other).
 */
export function AdminPage({ children }: { children: ReactNode }) {
  const me = useMe();
  const admin = me.data?.admin === true;
  return (
    <Page
      title="Admin"
      actions={
        <div className="flex flex-wrap items-center gap-4">
          <Link to={paths.feedStatus} className="text-sm text-gem underline hover:text-white">
            Feed status
          </Link>
          {admin ? <SignOut /> : null}
        </div>
      }
    >
      {me.isPending ? <Spinner /> : admin ? children : <AdminSignIn />}
    </Page>
  );
}

function SignOut() {
  const signOut = useAdminSignOut();
  return (
    <Button variant="secondary" busy={signOut.isPending} onClick={() => signOut.mutate()}>
      Sign out of admin
    </Button>
  );
}

function AdminSignIn() {
  const signIn = useAdminSignIn();
  const [password, setPassword] = useState("");
  const failure = useRef<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new attempt makes the last one's 'Invalid password' stale: it must not outlive a success.
    if (failure.current !== null) toastStore.dismiss(failure.current);
    failure.current = null;
    signIn.mutate(password, {
      // A wrong password is a destructive toast 'Error' / 'Invalid password'.
      onError: (error) => {
        failure.current = toast({ title: "Error", description: error.message, variant: "destructive" });
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Admin sign-in" className="max-w-sm space-y-4">
      <TextField
        label="Admin password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" busy={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}

/** Invitations: create one (shown once, to copy), see and revoke them. */
export function InvitesPanel() {
  const invites = useInvites(true);
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [note, setNote] = useState("");
  const [expires, setExpires] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { note: note || undefined, expiresInDays: expires ? Number(expires) : undefined },
      {
        onSuccess: ({ code }) => {
          setCreated(code);
          setNote("");
        },
        onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
      },
    );
  };
  return (
    <div className="space-y-8">
      <section aria-labelledby="invitations" className="space-y-4">
        <h2 id="invitations" className="text-lg font-semibold text-zinc-100">
          Invitations
        </h2>
        <form onSubmit={submit} aria-label="Create an invitation" className="flex max-w-xl flex-wrap items-end gap-3">
          <TextField
            className="min-w-56 flex-1"
            label="Note (who is it for?)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
          />
          <div>
            <label htmlFor="invite-expiry" className="mb-1 block text-sm font-medium text-zinc-200">
              Expires
            </label>
            <select
              id="invite-expiry"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
              className="rounded-md border border-line bg-zinc-950 px-3 py-2 text-sm text-zinc-100"
            >
              <option value="">Never</option>
              <option value="1">After 1 day</option>
              <option value="7">After 7 days</option>
              <option value="30">After 30 days</option>
            </select>
          </div>
          <Button type="submit" busy={create.isPending}>
            Create invitation
          </Button>
        </form>
        {created ? <NewInvite code={created} /> : null}
        {invites.isPending ? (
          <Spinner label="Loading invitations" />
        ) : invites.isError ? (
          <p role="alert">Invitations could not be loaded.</p>
        ) : invites.data.invites.length === 0 ? (
          <p className="text-muted">No invitations yet.</p>
        ) : (
          <table className="w-full max-w-3xl text-left text-sm">
            <thead className="text-zinc-400">
              <tr>
                <th className="py-2">Code</th>
                <th>Note</th>
                <th>Created</th>
                <th>Status</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.data.invites.map((invite) => (
                <tr key={invite.id} className="border-t border-line">
                  <td className="py-2 font-mono">{invite.hint}…</td>
                  <td>{invite.note ?? "—"}</td>
                  <td>{new Date(invite.createdAt).toLocaleDateString()}</td>
                  <td>{invite.status === "used" ? `used by @${invite.usedBy}` : invite.status}</td>
                  <td className="text-right">
                    {invite.status === "open" ? (
                      <Button
                        variant="secondary"
                        busy={revoke.isPending && revoke.variables === invite.id}
                        onClick={() =>
                          revoke.mutate(invite.id, {
                            onError: (error) =>
                              toast({ title: "Error", description: error.message, variant: "destructive" }),
                          })
                        }
                        aria-label={`Revoke invitation ${invite.hint}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** A code just made: shown once, with buttons to copy it or the join link that fills it in for the invitee. */
function NewInvite({ code }: { code: string }) {
  const joinLink = `${window.location.origin}${paths.joinWithInvite(code)}`;
  return (
    <div role="status" className="max-w-xl space-y-3 rounded-lg border border-gem/40 bg-gem/10 p-4 text-sm">
      <p className="text-zinc-200">New invitation code — copy it now, it is shown only once:</p>
      <p data-testid="new-invite-code" className="font-mono text-lg break-all text-gem select-all">
        {code}
      </p>
      <p className="text-zinc-300">
        Or send the join link, which opens the Join tab with the code filled in:{" "}
        <a data-testid="new-invite-link" href={joinLink} className="break-all text-gem underline select-all">
          {joinLink}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={code} label="Copy code" copiedMessage="Invitation code copied" />
        <CopyButton text={joinLink} label="Copy join link" copiedMessage="Join link copied" />
      </div>
    </div>
  );
}
