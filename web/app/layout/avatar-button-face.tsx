import { CircleUser } from "lucide-react";
import type { Member } from "../../../contracts/accounts.ts";
import { initialsOf } from "../../lib/session.ts";

export const avatarButton =
  "rounded-full p-1.5 text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50 data-[state=open]:bg-zinc-800";

/** What the account menu button shows: the member's picture, their initials, or a person icon. */
export function AvatarButtonFace({ user }: { user: Member | null }) {
  if (user?.avatar) return <img src={user.avatar} alt="" className="size-7 rounded-full object-cover" />;
  if (user) {
    return (
      <span
        aria-hidden
        className="inline-flex size-7 items-center justify-center rounded-full bg-gem/20 text-xs font-semibold text-gem"
      >
        {initialsOf(user)}
      </span>
    );
  }
  return <CircleUser className="size-6" aria-hidden />;
}
