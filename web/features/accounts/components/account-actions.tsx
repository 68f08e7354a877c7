import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { Member } from "../../../../contracts/accounts.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { paths } from "../../../paths.ts";
import { useDeleteAccount } from "../api.ts";
import { useSignOutFlow } from "../use-sign-out-flow.ts";

export function SignOutButton() {
  const { signOut, pending } = useSignOutFlow();
  return (
    <Button variant="secondary" busy={pending} onClick={signOut}>
      Sign out
    </Button>
  );
}

/** The privacy page's promise: delete the account, after typing the handle to confirm. */
export function DeleteAccount({ user }: { user: Member }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(typed, {
      onSuccess: () => {
        toast({ title: "Account deleted", description: "Your data will be erased within 30 days." });
        navigate(paths.home);
      },
    });
  };
  if (!open) {
    return (
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete account
      </Button>
    );
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Delete account"
      className="max-w-lg space-y-3 rounded-lg border border-red-900 bg-red-950/30 p-4"
    >
      <p className="text-sm text-red-100">
        Deleting your account signs you out everywhere at once. Your data is erased within 30 days. To confirm, type
        your handle <strong>@{user.handle}</strong>.
      </p>
      <TextField
        label="Your handle"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        required
      />
      <FormError message={remove.error?.message} />
      <div className="flex gap-2">
        <Button type="submit" variant="danger" busy={remove.isPending}>
          Delete my account
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
