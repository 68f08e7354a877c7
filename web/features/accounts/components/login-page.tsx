import { type FormEvent, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { Button, FormError, TextField } from "../../../components/ui/form.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { useMe } from "../../../lib/session.ts";
import { paths } from "../../../paths.ts";
import { useSignIn, useSignUp } from "../api.ts";

type Mode = "sign-in" | "join";

export function LoginPage() {
  const me = useMe();
  const [mode, setMode] = useState<Mode>("sign-in");
  if (me.data?.user) return <Navigate to={paths.home} replace />;
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
          {mode === "sign-in" ? <SignInForm /> : <JoinForm />}
        </div>
      </div>
    </Page>
  );
}

function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [handle, setHandle] = useState("");
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ handle, password }, { onSuccess: () => navigate(paths.home) });
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

function JoinForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [form, setForm] = useState({ inviteCode: "", handle: "", password: "", email: "", username: "" });
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate(
      { ...form, email: form.email || undefined, username: form.username || undefined },
      { onSuccess: () => navigate(paths.home) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Join">
      <TextField label="Invitation code" required autoComplete="off" {...field("inviteCode")} />
      <TextField
        label="Handle"
        required
        autoComplete="username"
        hint="Your social handle: 1 to 30 letters, digits or underscores."
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
