import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogIn, LogOut, MessageSquare, Rss, Search, Settings, Shield, Star, Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Member } from "../../../contracts/accounts.ts";
import { useSignOutFlow } from "../../features/accounts/use-sign-out-flow.ts";
import { useSignInPath } from "../../lib/return-path.ts";
import { paths } from "../../paths.ts";
import { AvatarButtonFace, avatarButton } from "./avatar-button-face.tsx";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-200 outline-none data-[highlighted]:bg-zinc-800 data-[highlighted]:text-zinc-50";

const links = [
  { label: "Favorites", to: paths.favorites, icon: Star },
  { label: "Blurts", to: paths.blurts, icon: MessageSquare },
  // The leaderboard is reached from here and from /predictions.
  { label: "Leaderboard", to: paths.leaderboard, icon: Trophy },
  // Where a member follows feeds of their own.
  { label: "Your feeds", to: paths.memberFeeds, icon: Rss },
  { label: "Settings", to: paths.settings, icon: Settings },
  // Admin shows to everyone; the admin area asks for the password itself.
  { label: "Admin", to: paths.admin, icon: Shield },
];

/**
 * The avatar menu: Search, Favorites, Blurts, Leaderboard, Your feeds, Settings, Admin, then Sign out for a member
 * or Sign in (coming back here) for a visitor. Keyboard: arrows, Enter, Escape.
 */
export function AvatarMenu({
  onSearch,
  user,
  early = { focused: false, opened: false },
}: {
  onSearch: () => void;
  user: Member | null;
  /** What the stand-in button saw before this code loaded: focus stays, a press opens the menu. */
  early?: { focused: boolean; opened: boolean };
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutFlow();
  const signInPath = useSignInPath();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what happened before the first render counts
  useEffect(() => {
    if (early.focused || early.opened) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={early.opened}>
      <DropdownMenu.Trigger ref={trigger} aria-label="Account menu" className={avatarButton}>
        <AvatarButtonFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-lg border border-line bg-panel p-1 shadow-xl"
        >
          <DropdownMenu.Item className={itemClass} onSelect={onSearch}>
            <Search className="size-4" aria-hidden />
            Search
          </DropdownMenu.Item>
          {links.map(({ label, to, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to}>
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {user ? (
            <DropdownMenu.Item className={itemClass} disabled={signOut.pending} onSelect={signOut.signOut}>
              <LogOut className="size-4" aria-hidden />
              Sign out
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={signInPath}>
                <LogIn className="size-4" aria-hidden />
                Sign in
              </Link>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
