import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../../contracts/community.ts";
import { json } from "../../test/api-fixtures.ts";
import { useNotifications, useUnreadCount } from "./notifications-api.ts";
import type { BrowserParts } from "./shared-notification-stream.ts";
import { notification } from "./test/community.tsx";
import { FakeEventSource, passWithPings } from "./test/event-source.ts";
import { fakeBrowser, settle } from "./test/tabs.ts";
import { NOTIFICATIONS_POLL_MS, useLiveNotifications } from "./use-live-notifications.ts";

/** What the server holds: newest first. */
let stored: Notification[];
let fetchMock: ReturnType<typeof vi.fn>;
const summaryCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/notifications?limit=1").length;

beforeEach(() => {
  FakeEventSource.made = [];
  stored = [notification({ id: "n2", seq: 2 }), notification({ id: "n1", seq: 1, read: true })];
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const limit = url === "/api/notifications?limit=1" ? 1 : undefined;
    if (!url.startsWith("/api/notifications")) return json({}, 404);
    return json({ notifications: stored.slice(0, limit), unread: 1, next: null, seq: stored[0]?.seq ?? 0 });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** One tab of the app: its own query cache, the live hook, the list and the badge. */
function Tab({ name, browser }: { name: string; browser: BrowserParts }) {
  const state = useLiveNotifications("u1", browser);
  const list = useNotifications("u1");
  const unread = useUnreadCount("u1");
  const ids = list.data?.pages.flatMap((page) => page.notifications.map((n) => n.id)) ?? [];
  return (
    <section aria-label={name}>
      <output data-testid="ids">{ids.join(",")}</output>
      <output data-testid="unread">{unread}</output>
      <output data-testid="state">{state}</output>
    </section>
  );
}

/** Opens tabs in one browser, each with a query client of its own. */
function openTabs(names: string[], browser = fakeBrowser()) {
  const views = names.map((name) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <Tab name={name} browser={browser} />
      </QueryClientProvider>,
    );
  });
  const close = (at: number) => views[at]?.unmount();
  const read = (name: string, what: string) =>
    within(screen.getByRole("region", { name })).getByTestId(what).textContent;
  return { read, close };
}

describe("live notifications in several tabs", () => {
  it("come through one stream; each tab merges each notification once", async () => {
    const { read } = openTabs(["A", "B"]);
    await waitFor(() => expect(read("B", "ids")).toBe("n2,n1"));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = FakeEventSource.latest();
    const n3 = { notification: notification({ id: "n3", seq: 3 }), unread: 2 };
    await act(async () => {
      source.open();
      source.send("notification", n3, "3");
      source.send("notification", n3, "3");
      await settle();
    });
    for (const name of ["A", "B"]) {
      expect(read(name, "ids")).toBe("n3,n2,n1");
      expect(read(name, "unread")).toBe("2");
      expect(read(name, "state")).toBe("open");
    }
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("asks for the unread count again in the tab that takes the stream over", async () => {
    const { read, close } = openTabs(["A", "B"]);
    await waitFor(() => expect(read("B", "ids")).toBe("n2,n1"));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const before = summaryCalls();
    close(0);
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(2));
    expect(FakeEventSource.made[0]?.closed).toBe(true);
    expect(summaryCalls()).toBe(before + 1);
  });

  it("poll in every tab once the server evicts the browser's stream, and never open another", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { read } = openTabs(["A", "B"]);
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    await act(async () => {
      FakeEventSource.latest().open();
      await settle();
    });
    await act(() => passWithPings(2 * NOTIFICATIONS_POLL_MS));
    const before = summaryCalls();
    expect(before).toBe(2);
    await act(async () => {
      FakeEventSource.latest().send("evicted", { reason: "Too many streams" });
      FakeEventSource.latest().fail(true);
      await settle();
    });
    expect([read("A", "state"), read("B", "state")]).toEqual(["evicted", "evicted"]);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(summaryCalls()).toBe(before + 2);
    await act(() => vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS));
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
