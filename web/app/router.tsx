import { createBrowserRouter, type RouteObject } from "react-router";
import { paths } from "../paths.ts";
import { AppLayout } from "./layout/app-layout.tsx";
import { HomePage } from "./pages/home-page.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";
import { upcomingPages } from "./pages/upcoming-pages.ts";

/*
 * Home is part of the first download; every other page is its own chunk, fetched when the
 * route is first visited (`npm run bench:web` prints the sizes).
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** Every page's route, plus a 404 for anything else. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // While the first page's chunk loads, the shell shows with an empty main area
    // (without a fallback React Router warns, and the screen stays blank meanwhile).
    HydrateFallback: AppLayout,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: "/token/:symbol",
        lazy: page(
          () => import("./pages/token-with-prediction-page.tsx"),
          (m) => m.TokenWithPredictionPage,
        ),
      },
      {
        path: paths.blog,
        lazy: page(
          () => import("../features/content/components/blog-page.tsx"),
          (m) => m.BlogPage,
        ),
      },
      {
        path: "/blog/:slug",
        lazy: page(
          () => import("./pages/blog-post-page.tsx"),
          (m) => m.BlogPostWithCommentsPage,
        ),
      },
      {
        path: "/read",
        lazy: page(
          () => import("./pages/reader-page.tsx"),
          (m) => m.ReaderWithAnalysisPage,
        ),
      },
      {
        path: paths.pumpVision,
        lazy: page(
          () => import("../features/market/components/pump-vision-page.tsx"),
          (m) => m.PumpVisionPage,
        ),
      },
      {
        path: paths.disclaimer,
        lazy: page(
          () => import("../features/legal/components/disclaimer-page.tsx"),
          (m) => m.DisclaimerPage,
        ),
      },
      {
        path: paths.terms,
        lazy: page(
          () => import("../features/legal/components/terms-page.tsx"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.privacy,
        lazy: page(
          () => import("../features/legal/components/privacy-page.tsx"),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: paths.contact,
        lazy: page(
          () => import("../features/legal/components/contact-page.tsx"),
          (m) => m.ContactPage,
        ),
      },
      {
        path: paths.login,
        lazy: page(
          () => import("../features/accounts/components/login-page.tsx"),
          (m) => m.LoginPage,
        ),
      },
      {
        path: paths.profile,
        lazy: page(
          () => import("./pages/profile-page.tsx"),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: paths.settings,
        lazy: page(
          () => import("./pages/settings-page.tsx"),
          (m) => m.SettingsPage,
        ),
      },
      {
        path: paths.admin,
        lazy: page(
          () => import("./pages/admin-page.tsx"),
          (m) => m.AdminWithContentPage,
        ),
      },
      {
        path: paths.marketSentiment,
        lazy: page(
          () => import("../features/market/components/market-sentiment-page.tsx"),
          (m) => m.MarketSentimentPage,
        ),
      },
      {
        path: paths.tokens,
        lazy: page(
          () => import("../features/market/components/tokens-page.tsx"),
          (m) => m.TokensPage,
        ),
      },
      {
        path: paths.stories,
        lazy: page(
          () => import("./pages/stories-with-prices-page.tsx"),
          (m) => m.StoriesWithPricesPage,
        ),
      },
      {
        path: paths.bitcoinNews,
        lazy: page(
          () => import("../features/feeds/components/feed-page.tsx"),
          (m) => m.BitcoinNewsPage,
        ),
      },
      {
        path: paths.news,
        lazy: page(
          () => import("../features/feeds/components/feed-page.tsx"),
          (m) => m.LatestNewsPage,
        ),
      },
      {
        path: paths.market,
        lazy: page(
          () => import("../features/feeds/components/feed-page.tsx"),
          (m) => m.MarketAnalysisPage,
        ),
      },
      {
        path: paths.search,
        lazy: page(
          () => import("../features/feeds/components/feed-page.tsx"),
          (m) => m.TargetedSearchPage,
        ),
      },
      {
        path: paths.nftArt,
        lazy: page(
          () => import("../features/feeds/components/feed-page.tsx"),
          (m) => m.NftArtPage,
        ),
      },
      {
        path: paths.xFeed,
        lazy: page(
          () => import("../features/feeds/components/x-feed-page.tsx"),
          (m) => m.XFeedPage,
        ),
      },
      {
        path: paths.feedStatus,
        lazy: page(
          () => import("../features/feeds/components/feed-status-page.tsx"),
          (m) => m.FeedStatusPage,
        ),
      },
      {
        path: paths.memberFeeds,
        lazy: page(
          () => import("../features/member-feeds/components/member-feeds-page.tsx"),
          (m) => m.MemberFeedsPage,
        ),
      },
      {
        path: "/feeds/mine/:key",
        lazy: page(
          () => import("./pages/member-feed-page.tsx"),
          (m) => m.MemberFeedPage,
        ),
      },
      {
        path: paths.favorites,
        lazy: page(
          () => import("../features/feeds/components/favorites-page.tsx"),
          (m) => m.FavoritesPage,
        ),
      },
      {
        path: paths.myFeed,
        lazy: page(
          () => import("./pages/my-feed-page.tsx"),
          (m) => m.MyFeedPage,
        ),
      },
      {
        path: paths.searchTrends,
        lazy: page(
          () => import("../features/trends/components/search-trends-page.tsx"),
          (m) => m.SearchTrendsPage,
        ),
      },
      {
        path: paths.predictions,
        lazy: page(
          () => import("../features/gems/components/predictions-page.tsx"),
          (m) => m.PredictionsPage,
        ),
      },
      {
        path: paths.blurts,
        lazy: page(
          () => import("./pages/blurts-page.tsx"),
          (m) => m.BlurtsWithPredictionsPage,
        ),
      },
      {
        path: paths.notifications,
        lazy: page(
          () => import("../features/community/components/notifications-page.tsx"),
          (m) => m.NotificationsPage,
        ),
      },
      {
        path: paths.leaderboard,
        lazy: page(
          () => import("../features/gems/components/leaderboard-page.tsx"),
          (m) => m.LeaderboardPage,
        ),
      },
      ...upcomingPages.map((info) => ({
        path: info.path,
        lazy: page(
          () => import("./pages/upcoming-page.tsx"),
          (m) => () => <m.UpcomingPage page={info} />,
        ),
      })),
      {
        path: "*",
        lazy: page(
          () => import("./pages/not-found-page.tsx"),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
