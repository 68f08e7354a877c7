import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { LazyPart } from "../../components/ui/lazy-part.tsx";
import { Toaster } from "../../components/ui/toast/toaster.tsx";
import { usePageViews } from "../../features/analytics/use-page-views.ts";
import { useUnreadCount } from "../../features/community/notifications-api.ts";
import { PriceMarquee } from "../../features/market/components/price-marquee.tsx";
import { TickerStrip } from "../../features/market/components/ticker-strip.tsx";
import { ListShortcutsHost } from "../../features/reading/components/reading-shortcuts.tsx";
import { startTour, useFirstVisitTour, useTour } from "../../features/tour/tour-store.ts";
import { useAnalysis } from "../../lib/analysis.ts";
import { useDiscussion } from "../../lib/discussion.ts";
import { useMe } from "../../lib/session.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { SampleModeBanner } from "./sample-mode-banner.tsx";
import { Sidebar } from "./sidebar.tsx";
import { showsTicker } from "./ticker-visibility.ts";
import { useMediaQuery } from "./use-media-query.ts";

// Dialogs are fetched the first time they open, keeping them out of the first download.
const SearchDialog = lazy(() =>
  import("../../features/feeds/components/search-dialog.tsx").then((m) => ({ default: m.SearchDialog })),
);
const AnalysisDialog = lazy(() =>
  import("../../features/analysis/components/analysis-dialog.tsx").then((m) => ({ default: m.AnalysisDialog })),
);
const TourDialog = lazy(() =>
  import("../../features/tour/components/tour-dialog.tsx").then((m) => ({ default: m.TourDialog })),
);
// Only a member has live notifications: their stream's code comes after the first render.
const LiveNotifications = lazy(() =>
  import("../../features/community/use-live-notifications.ts").then((m) => ({ default: m.LiveNotifications })),
);
const DiscussionDrawer = lazy(() =>
  import("../../features/community/components/discussion-drawer.tsx").then((m) => ({ default: m.DiscussionDrawer })),
);

/** Ctrl+K (Cmd+K on a Mac) opens the search dialog from anywhere. */
function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        open();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
}

/** Tailwind's `lg` breakpoint: from here the sidebar is fixed instead of a drawer. */
export const LARGE_SCREEN_QUERY = "(min-width: 1024px)";

export function AppLayout() {
  const { pathname } = useLocation();
  const me = useMe();
  const user = me.data?.user ?? null;
  const isLargeScreen = useMediaQuery(LARGE_SCREEN_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const drawerOpen = menuOpen && !isLargeScreen;

  // Following a link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  // Growing past the breakpoint turns the drawer into the fixed sidebar: forget it was open.
  useEffect(() => {
    if (isLargeScreen) setMenuOpen(false);
  }, [isLargeScreen]);

  // Focus goes back to the menu button when the drawer closes.
  useEffect(() => {
    if (wasOpen.current && !menuOpen) menuButton.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  const [searching, setSearching] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  const closeSearch = useCallback(() => setSearching(false), []);
  useSearchShortcut(openSearch);
  const analysis = useAnalysis();
  const discussion = useDiscussion();
  const unread = useUnreadCount(user?.id ?? null);
  usePageViews();
  const tour = useTour();
  useFirstVisitTour(pathname);

  return (
    <div className="min-h-dvh bg-surface text-zinc-100">
      {drawerOpen ? null : (
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-gem focus:px-3 focus:py-2 focus:text-zinc-950"
        >
          Skip to content
        </a>
      )}
      <Sidebar
        open={menuOpen}
        onClose={closeMenu}
        signedIn={user !== null}
        isLargeScreen={isLargeScreen}
        unread={unread}
      />
      {/* While the drawer is open the page behind it is out of reach, for pointer, keyboard and screen reader alike. */}
      <div className="flex min-h-dvh flex-col lg:pl-64" inert={drawerOpen}>
        <div className="sticky top-0 z-30">
          <SampleModeBanner />
          <div data-tour="market">
            <PriceMarquee />
          </div>
          <Header
            menuOpen={menuOpen}
            onOpenMenu={() => setMenuOpen(true)}
            onSearch={openSearch}
            menuButtonRef={menuButton}
            isLargeScreen={isLargeScreen}
            user={user}
          />
        </div>
        {showsTicker(pathname) ? <TickerStrip /> : null}
        {/* At least a screen tall: the footer starts below the first screen, so a page that
            arrives after the shell (its own chunk) does not push it down in view. */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 px-4 py-8 outline-none lg:px-8">
          <Outlet />
        </main>
        <Footer onStartTour={startTour} />
      </div>
      <Toaster />
      {user ? (
        <LazyPart what="Live notifications">
          <LiveNotifications memberId={user.id} />
        </LazyPart>
      ) : null}
      <ListShortcutsHost onSearch={openSearch} />
      {searching ? (
        <Suspense fallback={null}>
          <SearchDialog open={searching} onClose={closeSearch} />
        </Suspense>
      ) : null}
      {analysis.subject ? (
        <LazyPart what="The analysis">
          <AnalysisDialog />
        </LazyPart>
      ) : null}
      {tour.open ? (
        <LazyPart what="The welcome tour">
          <TourDialog />
        </LazyPart>
      ) : null}
      {discussion ? (
        <LazyPart what="The discussion">
          <DiscussionDrawer />
        </LazyPart>
      ) : null}
    </div>
  );
}
