import { lazy, useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LazyPart } from "../../components/ui/lazy-part.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { AdminPage, InvitesPanel } from "../../features/admin/components/admin-page.tsx";
import { BlogForm } from "../../features/content/components/admin/blog-form.tsx";
import { BlogsList } from "../../features/content/components/admin/blogs-list.tsx";
import { EventForm } from "../../features/content/components/admin/event-form.tsx";
import { EventsList } from "../../features/content/components/admin/events-list.tsx";
import { paths } from "../../paths.ts";
import { type AdminTab, adminTabLabel, adminTabs, readAdminParams } from "./admin-tabs.ts";

// Page-view analytics is its own chunk, fetched when its tab is opened.
const AnalyticsPanel = lazy(() =>
  import("../../features/analytics/components/analytics-panel.tsx").then((m) => ({ default: m.AnalyticsPanel })),
);

/**
 * /admin: after the password, the tabs for events and blog posts from
 * the content feature beside the invitations from the admin feature.
 */
export function AdminWithContentPage() {
  return (
    <AdminPage>
      <AdminTabs />
    </AdminPage>
  );
}

function AdminTabs() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = readAdminParams(params);
  // Moving between tabs replaces the address: arrowing along the tab list is not history.
  const show = useCallback(
    (tab: AdminTab, q?: string) => navigate(paths.adminTab(tab, q), { replace: true }),
    [navigate],
  );
  const searchEvents = useCallback((q: string) => show("events", q), [show]);
  const searchPosts = useCallback((q: string) => show("blogs", q), [show]);
  const panels: Record<AdminTab, React.ReactNode> = {
    events: <EventsList q={current.q} onSearch={searchEvents} />,
    "add-event": (
      <EventForm
        key={current.editEvent ?? "new"}
        editId={current.editEvent}
        // After saving an event, back to the list.
        onSaved={() => navigate(paths.adminTab("events"))}
        onCancel={() => navigate(paths.adminTab("events"))}
      />
    ),
    blogs: <BlogsList q={current.q} onSearch={searchPosts} />,
    "add-blog": (
      <BlogForm
        key={current.editPost ?? "new"}
        editId={current.editPost}
        // After saving a blog post, home.
        onSaved={() => navigate(paths.home)}
        onCancel={() => navigate(paths.adminTab("blogs"))}
      />
    ),
    invitations: <InvitesPanel />,
    analytics: (
      <LazyPart what="Analytics">
        <AnalyticsPanel />
      </LazyPart>
    ),
  };
  return (
    <Tabs
      label="Admin"
      selected={current.tab}
      onSelect={(tab) => {
        if (tab !== current.tab) show(tab);
      }}
      tabs={adminTabs.map((tab) => ({
        id: tab,
        label: adminTabLabel(tab, current),
        panel: panels[tab],
        keepMounted: tab === "add-event" || tab === "add-blog",
      }))}
    />
  );
}
