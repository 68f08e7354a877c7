import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STREAM_RETRY_MS, type StreamState } from "./notification-stream.ts";
import { type BrowserParts, shareNotificationStream } from "./shared-notification-stream.ts";
import { notification } from "./test/community.tsx";
import { FakeEventSource } from "./test/event-source.ts";
import { fakeBrowser, settle } from "./test/tabs.ts";

/** One tab: what it was told, and how to close it. */
function tab(browser: BrowserParts, { member = "u1", after = 4 } = {}) {
  const seen = { states: [] as StreamState[], ready: [] as unknown[], events: [] as unknown[], after, takeOvers: 0 };
  const close = shareNotificationStream({
    member,
    after: () => seen.after,
    browser,
    onState: (state) => seen.states.push(state),
    onReady: (summary) => seen.ready.push(summary),
    onNotification: (event) => seen.events.push(event),
    onTakeOver: () => seen.takeOvers++,
  });
  return { seen, close, state: () => seen.states.at(-1) };
}

const n5 = { notification: notification({ id: "n5", seq: 5 }), unread: 3 };

beforeEach(() => {
  FakeEventSource.made = [];
});
afterEach(() => vi.useRealTimers());

describe("one notification stream per browser", () => {
  it("is opened by one tab only, and every tab gets each event once", async () => {
    const browser = fakeBrowser();
    const [a, b, c] = [tab(browser), tab(browser), tab(browser)];
    await settle();
    expect(FakeEventSource.made).toHaveLength(1);
    const source = FakeEventSource.latest();
    expect(source.url).toBe("/api/notifications/stream?after=4");
    source.open();
    source.send("ready", { unread: 2, seq: 4 });
    source.send("notification", n5, "5");
    await settle();
    for (const each of [a, b, c]) {
      expect(each.state()).toBe("open");
      expect(each.seen.ready).toEqual([{ unread: 2, seq: 4 }]);
      expect(each.seen.events).toEqual([n5]);
    }
  });

  it("tells a tab that opens later how the stream is", async () => {
    const browser = fakeBrowser();
    tab(browser);
    await settle();
    FakeEventSource.latest().open();
    const late = tab(browser);
    expect(late.state()).toBe("connecting");
    await settle();
    expect(late.state()).toBe("open");
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("passes to another tab when the leading one closes, opened after the newest notification that tab knows", async () => {
    const browser = fakeBrowser();
    const a = tab(browser);
    const b = tab(browser, { after: 4 });
    await settle();
    const first = FakeEventSource.latest();
    first.open();
    first.send("notification", n5, "5");
    await settle();
    b.seen.after = 5;
    a.close();
    expect(first.closed).toBe(true);
    await settle();
    // What changed while nobody streamed (a deleted comment's notifications) is asked for.
    expect([a.seen.takeOvers, b.seen.takeOvers]).toEqual([0, 1]);
    expect(FakeEventSource.made).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe("/api/notifications/stream?after=5");
    // Until it is open, that tab polls.
    expect(b.state()).toBe("connecting");
    FakeEventSource.latest().open();
    expect(b.state()).toBe("open");
  });

  it("stops for the whole browser when the server evicts it: every tab polls, no tab opens another", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    const a = tab(browser);
    const b = tab(browser);
    await settle();
    const source = FakeEventSource.latest();
    source.open();
    source.send("evicted", { reason: "A fourth stream was opened" });
    source.fail(true);
    await settle();
    expect(source.closed).toBe(true);
    expect([a.state(), b.state()]).toEqual(["evicted", "evicted"]);
    a.close();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * STREAM_RETRY_MS);
    const late = tab(browser);
    await settle();
    expect([b.state(), late.state()]).toEqual(["evicted", "evicted"]);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("tells every tab when the session ended elsewhere", async () => {
    const browser = fakeBrowser();
    const [a, b] = [tab(browser), tab(browser)];
    await settle();
    FakeEventSource.latest().send("signed-out", {});
    await settle();
    expect(FakeEventSource.latest().closed).toBe(true);
    expect([a.state(), b.state()]).toEqual(["signed-out", "signed-out"]);
  });

  it("ignores what the tabs of another member say", async () => {
    const browser = fakeBrowser();
    tab(browser, { member: "u2" });
    const mine = tab(browser, { member: "u1" });
    await settle();
    FakeEventSource.latest().open();
    FakeEventSource.latest().send("notification", n5, "5");
    await settle();
    expect(mine.seen.events).toEqual([]);
    expect(mine.state()).toBe("connecting");
  });

  it("opens a stream in each tab where the browser cannot share one", async () => {
    for (const missing of [{ locks: null }, { channel: null }]) {
      FakeEventSource.made = [];
      const browser = { ...fakeBrowser(), ...missing };
      const [a, b] = [tab(browser), tab(browser)];
      await settle();
      expect(FakeEventSource.made).toHaveLength(2);
      a.close();
      b.close();
    }
  });
});
