import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../../contracts/community.ts";
import { json } from "../../test/api-fixtures.ts";
import { STREAM_RETRY_MS } from "./notification-stream.ts";
import { summaryQuery, useNotifications, useUnreadCount } from "./notifications-api.ts";
import type { BrowserParts } from "./shared-notification-stream.ts";
import { notification } from "./test/community.tsx";
import { FakeEventSource, passWithPings } from "./test/event-source.ts";
import { fakeBrowser } from "./test/tabs.ts";
import { FOCUS_REFRESH_MS, NOTIFICATIONS_POLL_MS, useLiveNotifications } from "./use-live-notifications.ts";

/** What the server holds: newest first. */
let stored: Notification[];
let unread: number;
let fetchMock: ReturnType<typeof vi.fn>;
/** Who GET /api/me says is signed in. */
let me: string | null;

const listPage = (limit?: number) => {
  const notifications = limit ? stored.slice(0, limit) : stored;
  return json({ notifications, unread, next: null, seq: stored[0]?.seq ?? 0 });
};
const summaryCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/notifications?limit=1").length;
const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/notifications").length;

beforeEach(() => {
  FakeEventSource.made = [];
  stored = [notification({ id: "n2", seq: 2 }), notification({ id: "n1", seq: 1, read: true })];
  unread = 1;
  me = "u1";
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/notifications?limit=1") return listPage(1);
    if (url === "/api/notifications") return listPage();
    if (url === "/api/me") return json({ user: me ? { id: me, handle: me } : null, admin: false });
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup(memberId: string | null, browser: BrowserParts = fakeBrowser()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ id }: { id: string | null }) => useLiveNotifications(id, browser), {
    wrapper,
    initialProps: { id: memberId },
  });
  return { client, hook, wrapper };
}

/** The notifications page's list and the badge, reading the same cache the hook writes. */
function ListAndBadge({ memberId }: { memberId: string }) {
  const list = useNotifications(memberId);
  const count = useUnreadCount(memberId);
  const ids = list.data?.pages.flatMap((page) => page.notifications.map((n) => n.id)) ?? [];
  return (
    <>
      <output data-testid="ids">{ids.join(",")}</output>
      <output data-testid="unread">{count}</output>
    </>
  );
}

describe("live notifications", () => {
  it("opens one stream after the latest notification, and merges each new one once", async () => {
    const { client, wrapper } = setup("u1");
    render(<ListAndBadge memberId="u1" />, { wrapper });
    await waitFor(() => expect(screen.getByTestId("ids").textContent).toBe("n2,n1"));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe("/api/notifications/stream?after=2");
    const source = FakeEventSource.latest();
    act(() => {
      source.open();
      source.send("ready", { unread: 1, seq: 2 });
      source.send("notification", { notification: notification({ id: "n3", seq: 3 }), unread: 2 }, "3");
      // The same event again (a reconnect replaying it) changes nothing.
      source.send("notification", { notification: notification({ id: "n3", seq: 3 }), unread: 2 }, "3");
    });
    await waitFor(() => expect(screen.getByTestId("ids").textContent).toBe("n3,n2,n1"));
    expect(screen.getByTestId("unread").textContent).toBe("2");
    expect(client.getQueryData(summaryQuery("u1").queryKey)).toEqual({ unread: 2, seq: 3 });
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("does not let an older poll answer undo what the stream said", async () => {
    const { client } = setup("u1");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => {
      FakeEventSource.latest().open();
      FakeEventSource.latest().send("notification", { notification: notification({ id: "n5", seq: 5 }), unread: 4 });
    });
    // The server's answer to a request sent before n5 existed.
    await act(() => client.refetchQueries({ queryKey: summaryQuery("u1").queryKey }));
    expect(client.getQueryData(summaryQuery("u1").queryKey)).toEqual({ unread: 4, seq: 5 });
  });

  it("polls every 30 s while the stream is not open, and stops once it is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup("u1");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    expect(summaryCalls()).toBe(1);
    // Connecting is not open: the poll goes on.
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(2);
    act(() => FakeEventSource.latest().open());
    await act(() => passWithPings(3 * NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(2);
    // The server refuses the stream; the browser gives up: polling again until our retry opens it.
    act(() => FakeEventSource.latest().fail(true));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - NOTIFICATIONS_POLL_MS));
    expect(FakeEventSource.made).toHaveLength(2);
    act(() => FakeEventSource.latest().open());
    const before = summaryCalls();
    await act(() => passWithPings(3 * NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(before);
  });

  it("polls when the browser has no EventSource, and refreshes the list when a poll finds a newer notification", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { wrapper } = setup("u1", { ...fakeBrowser(), create: null });
    render(<ListAndBadge memberId="u1" />, { wrapper });
    await waitFor(() => expect(screen.getByTestId("ids").textContent).toBe("n2,n1"));
    expect(listCalls()).toBe(1);
    stored = [notification({ id: "n3", seq: 3 }), ...stored];
    unread = 2;
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    await waitFor(() => expect(screen.getByTestId("ids").textContent).toBe("n3,n2,n1"));
    expect(screen.getByTestId("unread").textContent).toBe("2");
    expect(listCalls()).toBe(2);
    expect(FakeEventSource.made).toHaveLength(0);
  });

  it("asks nothing and opens no stream for a visitor", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(null);
    await act(() => vi.advanceTimersByTimeAsync(2 * NOTIFICATIONS_POLL_MS));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeEventSource.made).toHaveLength(0);
  });

  it("closes the stream and stops polling when the member signs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { hook } = setup("u1");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    hook.rerender({ id: null });
    expect(FakeEventSource.latest().closed).toBe(true);
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(3 * NOTIFICATIONS_POLL_MS));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});

describe("coming back to the window", () => {
  it("asks for the unread count again (a deleted comment's notifications go without an event), not more than every 10 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { wrapper } = setup("u1");
    render(<ListAndBadge memberId="u1" />, { wrapper });
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(screen.getByTestId("unread").textContent).toBe("1"));
    // A comment is deleted: its unread notification goes, and the stream says nothing.
    unread = 0;
    await act(() => passWithPings(FOCUS_REFRESH_MS));
    const before = summaryCalls();
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(screen.getByTestId("unread").textContent).toBe("0"));
    expect(summaryCalls()).toBe(before + 1);
    act(() => {
      window.dispatchEvent(new Event("blur"));
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(summaryCalls()).toBe(before + 1);
  });
});

describe("a session that ended elsewhere", () => {
  it("stops the stream for good, polls no more, and asks who is signed in so the page shows the visitor", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { client } = setup("u1");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    me = null;
    const source = FakeEventSource.latest();
    act(() => {
      source.open();
      source.send("signed-out", {});
      source.fail(true);
    });
    expect(source.closed).toBe(true);
    await waitFor(() => expect(client.getQueryData(["me"])).toEqual({ user: null, admin: false }));
    const summaries = summaryCalls();
    await act(() => vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(summaries);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("opens the stream again when the member is signed in still (signed out and in again elsewhere)", async () => {
    const { hook } = setup("u1");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => FakeEventSource.latest().send("signed-out", {}));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(2));
    expect(FakeEventSource.made[0]?.closed).toBe(true);
    act(() => FakeEventSource.latest().open());
    expect(hook.result.current).toBe("open");
  });
});

/** The badge's count beside what the cache holds. */
function Count({ id }: { id: string | null }) {
  const count = useUnreadCount(id);
  const summary = useQuery({ ...summaryQuery("u1"), enabled: false });
  return <output data-testid="count">{`${count}/${summary.data?.unread ?? "-"}`}</output>;
}

describe("the unread count", () => {
  it("is 0 for a visitor and never below 0", async () => {
    unread = -5;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <Count id={null} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("count").textContent).toBe("0/-");
    view.rerender(
      <QueryClientProvider client={client}>
        <Count id="u1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("0/0"));
  });
});
