import { type FormEvent, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import type { Member } from "../../../../contracts/accounts.ts";
import { HANDLE_MAX } from "../../../../contracts/accounts-catalog.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { safeNextPath } from "../../../lib/return-path.ts";
import { useMe } from "../../../lib/session.ts";
import { paths } from "../../../paths.ts";
import { useSignIn, useSignUp } from "../api.ts";

type Mode = "sign-in" | "join";

/** How a new member is greeted: by the name they chose, else by their handle. */
export function welcomeToast(user: Pick<Member, "username" | "handle">) {
  const name = user.username?.trim() || `@${user.handle}`;
  toast({
    title: `Welcome to Gemwire, ${name}!`,
    description: "You are signed in: your votes, favorites and settings now follow you on every device.",
  });
}

/**
 * Sign in, or join with an invitation. `?next=` names the page to come back to (only a
 * path on this site is followed); `?invite=` opens the Join tab with the code filled in.
 * Once someone is signed in, this page sends them on, so a success needs no navigation of its own.
 */
export function LoginPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next")) ?? paths.home;
  const invite = params.get("invite")?.trim() ?? "";
  const [mode, setMode] = useState<Mode>(invite ? "join" : "sign-in");
  if (me.data?.user) return <Navigate to={next} replace />;
  return (
    <Page
      title="Sign In"
      description="Gemwire is members-only and by invitation. Sign in with your handle, or join with an invitation code."
    >
      <div className="max-w-md">
        <div role="tablist" aria-label="Sign in or join" className="mb-6 flex gap-2">
          {(["sign-in", "join"] as const).map((tab) => (
            <button
              key={tab}
              id={`tab-${tab}`}
              type="button"
              role="tab"
              aria-selected={mode === tab}
              aria-controls="login-panel"
              tabIndex={mode === tab ? 0 : -1}
              onClick={() => setMode(tab)}
              onKeyDown={(event) => {
                // Arrow keys move between the two tabs, as in any tab list.
                if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
                  const next = tab === "sign-in" ? "join" : "sign-in";
                  setMode(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }
              }}
              className={`rounded-md px-4 py-2 text-sm font-medium ${mode === tab ? "bg-gem/15 text-gem" : "text-zinc-400 hover:text-zinc-100"}`}
            >
              {tab === "sign-in" ? "Sign in" : "Join with an invitation"}
            </button>
          ))}
        </div>
        <div id="login-panel" role="tabpanel" aria-labelledby={`tab-${mode}`}>
          {mode === "sign-in" ? <SignInForm /> : <JoinForm invite={invite} />}
        </div>
      </div>
    </Page>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const [handle, setHandle] = useState("");
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ handle, password });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Sign in">
      <TextField
        label="Handle"
        name="handle"
        autoComplete="username"
        required
        value={handle}
        onChange={(e) => setHandle(e.target.value)}
        placeholder="@yourhandle"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={signIn.error?.message} />
      <Button type="submit" busy={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}

function JoinForm({ invite }: { invite: string }) {
  const signUp = useSignUp();
  const [form, setForm] = useState({ inviteCode: invite, handle: "", password: "", email: "", username: "" });
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The promise outlives this form, which goes as soon as the member is signed in.
    signUp
      .mutateAsync({ ...form, email: form.email || undefined, username: form.username || undefined })
      .then(({ user }) => welcomeToast(user))
      .catch(() => undefined); // shown by the form's error line
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Join">
      <TextField label="Invitation code" required autoComplete="off" {...field("inviteCode")} />
      <TextField
        label="Handle"
        required
        autoComplete="username"
        hint={`Your social handle: 1 to ${HANDLE_MAX} letters, digits or underscores.`}
        {...field("handle")}
      />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 10 characters."
        {...field("password")}
      />
      <TextField label="Username (optional)" autoComplete="nickname" maxLength={50} {...field("username")} />
      <TextField label="Email (optional)" type="email" autoComplete="email" {...field("email")} />
      <FormError message={signUp.error?.message} />
      <Button type="submit" busy={signUp.isPending}>
        Join Gemwire
      </Button>
    </form>
  );
}
