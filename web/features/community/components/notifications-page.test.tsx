import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../../../contracts/community.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { useUnreadCount } from "../notifications-api.ts";
import { asMember, notification, renderWith, satoshi, visitor } from "../test/community.tsx";
import { NotificationsPage } from "./notifications-page.tsx";

let fetchMock: ReturnType<typeof vi.fn>;
let list: () => Response;
let older: () => Response;
let writes: (url: string, body: unknown) => Response;

const page = (notifications: Notification[], unread: number, next: number | null = null, seq = 3) =>
  json({ notifications, unread, next, seq });

const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === "POST")
    .map(([url, init]) => [String(url), JSON.parse(String((init as RequestInit).body))]);

beforeEach(() => {
  list = () =>
    page(
      [
        notification({ id: "n3", seq: 3, title: "New Mention", description: "@satoshi look", target: null }),
        notification({ id: "n2", seq: 2, target: "/blurts?comment=c7" }),
        notification({ id: "n1", seq: 1, title: "Prediction Won", description: "+150 GEMS", read: true }),
      ],
      2,
      null,
      3,
    );
  older = () => page([], 0);
  writes = () => json({ unread: 0 });
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === "POST") return writes(url, JSON.parse(String(init.body)));
    if (url === "/api/notifications" || url === "/api/notifications?limit=1") return list();
    if (url.startsWith("/api/notifications?before=")) return older();
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Badge() {
  return <output data-testid="badge">{useUnreadCount("u1")}</output>;
}

const renderPage = (me = asMember(satoshi)) =>
  renderWith(
    <>
      <NotificationsPage />
      <Badge />
    </>,
    { me, at: "/notifications" },
  );

const items = () => within(screen.getByRole("list", { name: "Notifications, newest first" })).getAllByRole("button");

describe("NotificationsPage", () => {
  it("lists the notifications newest first with title, description and time; unread ones marked in words too", async () => {
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    const [mention, comment, won] = items();
    expect(mention?.textContent).toContain("New Mention");
    expect(mention?.textContent).toContain("@satoshi look");
    expect(mention?.textContent).toContain("5m ago");
    expect(mention?.textContent).toContain("Unread:");
    expect(mention?.getAttribute("data-unread")).toBe("true");
    expect(comment?.textContent).toContain("Unread: New Comment");
    expect(won?.textContent).not.toContain("Unread");
    expect(won?.hasAttribute("data-unread")).toBe(false);
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("2"));
  });

  it("marks a clicked notification read and goes to its target (a 'New Comment' leads to Blurts)", async () => {
    writes = () => json({ unread: 1 });
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    fireEvent.click(items()[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/blurts?comment=c7"));
    expect(sent()).toEqual([["/api/notifications/n2/read", {}]]);
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("1"));
  });

  it("marks one without a target read in place, once, and the count never goes below 0", async () => {
    list = () => page([notification({ id: "n3", seq: 3, target: null })], 0);
    writes = () => new Response(null, { status: 204 });
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    fireEvent.click(items()[0] as HTMLElement);
    await waitFor(() => expect(items()[0]?.hasAttribute("data-unread")).toBe(false));
    fireEvent.click(items()[0] as HTMLElement);
    expect(sent()).toHaveLength(1);
    expect(screen.getByTestId("where").textContent).toBe("/notifications");
    expect(screen.getByTestId("badge").textContent).toBe("0");
  });

  it("does not follow a target that leaves the site", async () => {
    list = () => page([notification({ id: "n3", seq: 3, target: "//evil.example/x" })], 1);
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    fireEvent.click(items()[0] as HTMLElement);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(screen.getByTestId("where").textContent).toBe("/notifications");
  });

  it("'Mark all as read' marks those the list has shown (through its seq)", async () => {
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(sent()).toEqual([["/api/notifications/read-all", { through: 3 }]]));
    await waitFor(() => expect(items().some((item) => item.hasAttribute("data-unread"))).toBe(false));
    expect(screen.getByTestId("badge").textContent).toBe("0");
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the stored state again when marking fails", async () => {
    writes = () => apiError(500, "internal_error", "Something went wrong");
    renderPage();
    await screen.findByRole("list", { name: "Notifications, newest first" });
    fireEvent.click(items()[0] as HTMLElement);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === "/api/notifications").length).toBe(2));
    await waitFor(() => expect(items()[0]?.getAttribute("data-unread")).toBe("true"));
  });

  it("says 'No notifications' when there are none", async () => {
    list = () => page([], 0, null, 0);
    renderPage();
    expect(await screen.findByText("No notifications")).toBeInTheDocument();
  });

  it("says so in place when they cannot be loaded, and tries again", async () => {
    list = () => apiError(500, "internal_error", "Something went wrong");
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load notifications");
    list = () => page([notification()], 1, null, 1);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Running bitcoin")).toBeInTheDocument();
  });

  it("loads older ones with 'Load more'", async () => {
    list = () => page([notification({ id: "n3", seq: 3 })], 1, 3, 3);
    older = () => page([notification({ id: "n1", seq: 1, title: "Prediction Lost" })], 1, null, 3);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Prediction Lost")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/notifications?before=3");
  });

  it("asks a visitor to sign in, coming back here, and asks the server nothing", async () => {
    renderPage(visitor);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Fnotifications");
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/notifications")).toHaveLength(0);
  });
});
