import { createBrowserRouter, type RouteObject } from "react-router";
import { LoginPage } from "../features/accounts/components/login-page.tsx";
import { AdminPage } from "../features/admin/components/admin-page.tsx";
import { ContactPage } from "../features/legal/components/contact-page.tsx";
import { DisclaimerPage } from "../features/legal/components/disclaimer-page.tsx";
import { PrivacyPage } from "../features/legal/components/privacy-page.tsx";
import { TermsPage } from "../features/legal/components/terms-page.tsx";
import { TokenPage } from "../features/market/components/token-page.tsx";
import { paths } from "../paths.ts";
import { AppLayout } from "./layout/app-layout.tsx";
import { HomePage } from "./pages/home-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { ProfilePage } from "./pages/profile-page.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";
import { SettingsPage } from "./pages/settings-page.tsx";
import { UpcomingPage } from "./pages/upcoming-page.tsx";
import { upcomingPages } from "./pages/upcoming-pages.ts";

/** Every route of the spec's full route list (§2), plus a 404 for anything else. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "/token/:symbol", element: <TokenPage /> },
      {
        path: "/blog/:slug",
        element: (
          <UpcomingPage
            page={{ path: paths.blog, title: "Blog", summary: "This post will appear here with the blog." }}
          />
        ),
      },
      { path: paths.disclaimer, element: <DisclaimerPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.profile, element: <ProfilePage /> },
      { path: paths.settings, element: <SettingsPage /> },
      { path: paths.admin, element: <AdminPage /> },
      ...upcomingPages.map((page) => ({ path: page.path, element: <UpcomingPage page={page} /> })),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
