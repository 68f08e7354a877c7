import { LogIn, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { SignInLink } from "../../components/ui/sign-in-link.tsx";
import { UnreadBadge } from "../../features/community/components/unread-badge.tsx";
import { notificationsLabel } from "../../features/community/unread.ts";
import { paths } from "../../paths.ts";
import { Logo } from "./logo.tsx";
import { mainNavigation, type NavItem, userNavigation } from "./navigation.ts";

function NavList({ items, label, unread = 0 }: { items: readonly NavItem[]; label: string; unread?: number }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {items.map(({ label: text, to, icon: Icon, tour }) => (
          <li key={to}>
            <NavLink
              to={to}
              data-tour={tour}
              end={to === paths.home}
              aria-label={to === paths.notifications && unread > 0 ? notificationsLabel(unread) : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                  isActive ? "bg-gem/10 text-gem" : "text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
                }`
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {text}
              {to === paths.notifications ? <UnreadBadge unread={unread} className="ml-auto" /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type SidebarProps = {
  /** Open on small screens; on large screens the sidebar is always shown. */
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  isLargeScreen: boolean;
  /** The member's unread notifications, shown on the Notifications link. */
  unread?: number;
};

/**
 * The main navigation. Fixed on large screens; on small ones it slides in over an
 * overlay, locks page scroll, and closes on its button, the overlay or Escape.
 */
export function Sidebar({ open, onClose, signedIn, isLargeScreen, unread = 0 }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawer = !isLargeScreen;
  const shownAsDrawer = drawer && open;
  const dialogProps = shownAsDrawer ? ({ role: "dialog", "aria-modal": true, "aria-label": "Menu" } as const) : {};

  useEffect(() => {
    if (!shownAsDrawer) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [shownAsDrawer, onClose]);

  return (
    <>
      {shownAsDrawer ? (
        <div data-testid="sidebar-overlay" aria-hidden className="fixed inset-0 z-40 bg-black/60" onClick={onClose} />
      ) : null}
      <aside
        id="sidebar"
        aria-label="Sidebar"
        inert={drawer && !open}
        className={`fixed inset-y-0 left-0 z-50 w-64 border-r border-line bg-surface transition-transform duration-200 motion-reduce:transition-none ${
          drawer && !open ? "-translate-x-full" : "translate-x-0"
        }`}
      >
        {/* While it is a drawer the panel is a modal dialog: the page behind it is inert. */}
        <div {...dialogProps} className="flex h-full flex-col">
          <div className="flex h-14 items-center justify-between px-4">
            <Logo onNavigate={drawer ? onClose : undefined} />
            {drawer ? (
              <button
                ref={closeButton}
                type="button"
                aria-label="Close menu"
                onClick={onClose}
                className="rounded-md p-2 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-50"
              >
                <X className="size-5" aria-hidden />
              </button>
            ) : null}
          </div>
          <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
            <NavList items={mainNavigation} label="Main" />
            <div className="border-t border-line pt-4">
              {signedIn ? (
                <NavList items={userNavigation} label="Your account" unread={unread} />
              ) : (
                <SignInLink className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50">
                  <LogIn className="size-4" aria-hidden />
                  Sign In
                </SignInLink>
              )}
            </div>
          </div>
        </div>
      </aside>
    </>
  );
}
