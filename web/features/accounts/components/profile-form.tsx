import { type FormEvent, useEffect, useState } from "react";
import type { Member } from "../../../../contracts/accounts.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { useUpdateProfile } from "../api.ts";
import { Avatar } from "./avatar.tsx";
import { PictureDrop } from "./picture-drop.tsx";

/** The profile in Settings: picture, username and email, 'Save Changes'. */
export function ProfileForm({ user }: { user: Member }) {
  const update = useUpdateProfile();
  const [username, setUsername] = useState(user.username ?? "");
  const [email, setEmail] = useState(user.email ?? "");
  useEffect(() => {
    setUsername(user.username ?? "");
    setEmail(user.email ?? "");
  }, [user.username, user.email]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ username, email }, { onSuccess: () => toast({ title: "Profile updated successfully" }) });
  };
  return (
    <form onSubmit={submit} aria-label="Personal Information" className="max-w-lg space-y-5">
      <div className="flex items-center gap-4">
        <Avatar user={user} />
        <div>
          <p className="font-semibold text-zinc-100">@{user.handle}</p>
          <p className="text-sm text-zinc-400">Your handle identifies you to other members.</p>
        </div>
      </div>
      <PictureDrop />
      <TextField
        label="Username"
        name="username"
        autoComplete="nickname"
        maxLength={50}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormError message={update.error?.message} />
      <Button type="submit" busy={update.isPending}>
        Save Changes
      </Button>
    </form>
  );
}
