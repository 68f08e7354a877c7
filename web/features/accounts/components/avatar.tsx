import type { Member } from "../../../../contracts/accounts.ts";
import { initialsOf } from "../../../lib/session.ts";

/** The member's picture, or their initials when they have none. */
export function Avatar({ user, size = "size-16" }: { user: Member; size?: string }) {
  if (user.avatar) return <img src={user.avatar} alt="" className={`${size} rounded-full object-cover`} />;
  return (
    <span
      aria-hidden
      className={`${size} inline-flex items-center justify-center rounded-full bg-gem/20 font-semibold text-gem`}
    >
      {initialsOf(user)}
    </span>
  );
}
