import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../components/ui/toast/toast-store.ts";
import { event, fakeApi, post } from "../../features/content/test/content.tsx";
import { json } from "../../test/api-fixtures.ts";
import { Where } from "../../test/render.tsx";
import { AdminWithContentPage } from "./admin-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function api() {
  return fakeApi({
    "GET /api/admin/events": () => json({ events: [event(), event({ id: "e2", title: "Bitcoin Night" })], next: null }),
    "PUT /api/admin/events/e2": () => json(event({ id: "e2" })),
    "GET /api/admin/blog": () => json({ posts: [post()], next: null }),
    "PUT /api/admin/blog/p1": () => json(post()),
    "GET /api/admin/invites": () => json({ invites: [] }),
  });
}

function renderAdmin(at: string, admin = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(["me"], { user: null, admin });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/admin" element={<AdminWithContentPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tabs = () => screen.getAllByRole("tab");
const selected = () => screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true");
const where = () => screen.getByTestId("where").textContent;

describe("/admin after sign-in", () => {
  it("has the events and blog tabs beside Invitations, the Events List first", async () => {
    api();
    renderAdmin("/admin");
    expect(tabs().map((tab) => tab.textContent)).toEqual([
      "Events List",
      "Add Event",
      "Blogs List",
      "Add Blog",
      "Invitations",
      "Analytics",
    ]);
    expect(selected()?.textContent).toBe("Events List");
    const panel = screen.getByRole("tabpanel", { name: "Events List" });
    expect(await within(panel).findByText("Bitcoin Night")).toBeInTheDocument();
  });

  it("moves between tabs with the arrow keys, keeping the tab in the address", async () => {
    api();
    renderAdmin("/admin");
    const first = screen.getByRole("tab", { name: "Events List" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    await waitFor(() => expect(selected()?.textContent).toBe("Add Event"));
    expect(document.activeElement).toBe(selected());
    expect(where()).toBe("/admin?tab=add-event");
    fireEvent.keyDown(selected() as HTMLElement, { key: "End" });
    await waitFor(() => expect(where()).toBe("/admin?tab=analytics"));
    fireEvent.keyDown(selected() as HTMLElement, { key: "ArrowLeft" });
    await waitFor(() => expect(where()).toBe("/admin?tab=invitations"));
    expect(await screen.findByRole("heading", { name: "Invitations" })).toBeInTheDocument();
  });

  it("opens Edit Event on ?edit={id}, and after saving goes back to the Events List", async () => {
    const calls = api();
    renderAdmin("/admin?edit=e2");
    expect(selected()?.textContent).toBe("Edit Event");
    const form = await screen.findByRole("form", { name: "Edit event" });
    expect(within(form).getByLabelText("Title")).toHaveProperty("value", "Bitcoin Night");
    fireEvent.submit(form);
    await waitFor(() => expect(where()).toBe("/admin?tab=events"));
    expect(calls.callsTo("PUT /api/admin/events/e2")).toHaveLength(1);
    expect(selected()?.textContent).toBe("Events List");
    expect(screen.getByRole("tab", { name: "Add Event" })).toBeInTheDocument();
  });

  it("opens the blog form on ?edit={id}&type=blog, and after saving goes home", async () => {
    const calls = api();
    renderAdmin("/admin?edit=p1&type=blog");
    expect(selected()?.textContent).toBe("Edit Blog");
    const form = await screen.findByRole("form", { name: "Edit blog post" });
    expect(within(form).getByLabelText("Title")).toHaveProperty("value", "Why GEMS");
    fireEvent.submit(form);
    await waitFor(() => expect(where()).toBe("/"));
    expect(calls.callsTo("PUT /api/admin/blog/p1")).toHaveLength(1);
    expect(screen.getByText("Home page")).toBeInTheDocument();
  });

  it("edits from the list: the Edit link opens the form on that event without another lookup", async () => {
    const calls = api();
    renderAdmin("/admin");
    fireEvent.click(await screen.findByRole("link", { name: "Edit Bitcoin Night" }));
    await waitFor(() => expect(selected()?.textContent).toBe("Edit Event"));
    expect(where()).toBe("/admin?edit=e2");
    const form = await screen.findByRole("form", { name: "Edit event" });
    expect(within(form).getByLabelText("Title")).toHaveProperty("value", "Bitcoin Night");
    expect(calls.callsTo("GET /api/admin/events")).toHaveLength(1);
  });

  it("keeps a list's search in the address", async () => {
    const calls = api();
    renderAdmin("/admin?tab=blogs");
    await screen.findByRole("link", { name: "Why GEMS" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search blogs" }), { target: { value: "gems" } });
    await waitFor(() => expect(where()).toBe("/admin?tab=blogs&q=gems"));
    await waitFor(() => expect(calls.callsTo("GET /api/admin/blog").at(-1)?.search.get("q")).toBe("gems"));
  });

  it("keeps a half-written event while the admin looks at another tab", async () => {
    api();
    renderAdmin("/admin?tab=add-event");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Draft summit" } });
    fireEvent.click(screen.getByRole("tab", { name: "Events List" }));
    await screen.findByText("Bitcoin Night");
    fireEvent.click(screen.getByRole("tab", { name: "Add Event" }));
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Draft summit");
  });
});

describe("/admin before sign-in", () => {
  it("shows only the password form and asks nothing of the admin API", () => {
    const calls = api();
    renderAdmin("/admin?edit=e2", false);
    expect(screen.getByRole("form", { name: "Admin sign-in" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(calls.calls).toEqual([]);
  });
});

describe("/admin's Analytics tab", () => {
  it("shows the admin the page-view report, fetched only when the tab is opened", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.startsWith("/api/admin/analytics")) {
          return json({ days: [{ day: "2030-03-15", views: 0 }], top: [], total: 0 });
        }
        return url.startsWith("/api/admin/events") ? json({ events: [], next: null }) : json({ invites: [] });
      }),
    );
    renderAdmin("/admin");
    await screen.findByRole("tabpanel", { name: "Events List" });
    expect(asked.filter((url) => url.includes("analytics"))).toEqual([]);
    fireEvent.click(screen.getByRole("tab", { name: "Analytics" }));
    expect(await screen.findByText("No page views yet")).toBeInTheDocument();
  });

  it("neither shows nor fetches it before the admin signs in", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        return json({});
      }),
    );
    renderAdmin("/admin?tab=analytics", false);
    await screen.findByRole("form", { name: "Admin sign-in" });
    expect(screen.queryByRole("heading", { name: "Analytics" })).toBeNull();
    expect(asked.filter((url) => url.includes("analytics"))).toEqual([]);
  });
});
