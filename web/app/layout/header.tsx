import { Menu, MessageSquare, Search, Star } from "lucide-react";
import { lazy, type Ref, Suspense, useState } from "react";
import { Link } from "react-router";
import type { Member } from "../../../contracts/accounts.ts";
import { GemsBalance } from "../../features/gems/components/gems-balance.tsx";
import { paths } from "../../paths.ts";
import { AvatarButtonFace, avatarButton } from "./avatar-button-face.tsx";
import { Logo } from "./logo.tsx";
import { NotificationsBell } from "./notifications-bell.tsx";

// The menu's library is fetched after the first render; until then the same button stands in.
const AvatarMenu = lazy(() => import("./avatar-menu.tsx").then((m) => ({ default: m.AvatarMenu })));

const iconButton = "rounded-md p-2 text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50";

export function Header({
  menuOpen,
  onOpenMenu,
  onSearch,
  menuButtonRef,
  isLargeScreen,
  user,
}: {
  menuOpen: boolean;
  onOpenMenu: () => void;
  onSearch: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  isLargeScreen: boolean;
  user: Member | null;
}) {
  return (
    <header className="flex h-14 items-center gap-2 border-b border-line bg-surface/95 px-4 backdrop-blur">
      {isLargeScreen ? null : (
        <>
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={onOpenMenu}
            className={iconButton}
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <Logo compact />
        </>
      )}
      <div className="ml-auto flex items-center gap-1">
        {user ? <GemsBalance /> : null}
        <button type="button" aria-label="Search" onClick={onSearch} className={iconButton}>
          <Search className="size-5" aria-hidden />
        </button>
        {/* On phones these two are in the menu drawer and the avatar menu: the header keeps room for the rest. */}
        <Link
          to={paths.favorites}
          aria-label="Favorites"
          data-tour="community"
          className={`${iconButton} max-sm:hidden`}
        >
          <Star className="size-5" aria-hidden />
        </Link>
        <Link to={paths.blurts} aria-label="Blurts" data-tour="community" className={`${iconButton} max-sm:hidden`}>
          <MessageSquare className="size-5" aria-hidden />
        </Link>
        {user ? <NotificationsBell memberId={user.id} className={iconButton} /> : null}
        <LazyAvatarMenu onSearch={onSearch} user={user} />
      </div>
    </header>
  );
}

/**
 * Until the menu's code arrives, a look-alike button stands in. It passes on what happened
 * to it — focus, a press — so a keyboard or pointer user who acts early loses nothing.
 */
function LazyAvatarMenu({ onSearch, user }: { onSearch: () => void; user: Member | null }) {
  const [early, setEarly] = useState({ focused: false, opened: false });
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="Account menu"
          aria-haspopup="menu"
          className={avatarButton}
          onFocus={() => setEarly((state) => ({ ...state, focused: true }))}
          onBlur={() => setEarly((state) => ({ ...state, focused: false }))}
          onClick={() => setEarly((state) => ({ ...state, opened: true }))}
        >
          <AvatarButtonFace user={user} />
        </button>
      }
    >
      <AvatarMenu onSearch={onSearch} user={user} early={early} />
    </Suspense>
  );
}
