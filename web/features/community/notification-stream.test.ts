import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openNotificationStream, STREAM_RETRY_MS, STREAM_SILENCE_MS, type StreamState } from "./notification-stream.ts";
import { notification } from "./test/community.tsx";
import { FakeEventSource } from "./test/event-source.ts";

const create = (url: string) => new FakeEventSource(url);

function open(after = 4) {
  const seen = { states: [] as StreamState[], ready: [] as unknown[], events: [] as unknown[] };
  const close = openNotificationStream({
    after,
    create,
    onState: (state) => seen.states.push(state),
    onReady: (summary) => seen.ready.push(summary),
    onNotification: (event) => seen.events.push(event),
  });
  return { seen, close };
}

beforeEach(() => {
  FakeEventSource.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the notification stream", () => {
  it("asks for what came after the latest notification the app knows, and says when it is open", () => {
    const { seen } = open(4);
    expect(FakeEventSource.latest().url).toBe("/api/notifications/stream?after=4");
    expect(seen.states).toEqual(["connecting"]);
    FakeEventSource.latest().open();
    expect(seen.states).toEqual(["connecting", "open"]);
  });

  it("passes on the ready summary and each notification; malformed data is ignored", () => {
    const { seen } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.send("ready", { unread: 2, seq: 4 });
    source.send("notification", { notification: notification({ id: "n5", seq: 5 }), unread: 3 }, "5");
    source.send("notification", "{not json");
    source.send("notification", { unread: 1 });
    source.send("ready", { unread: "two" });
    expect(seen.ready).toEqual([{ unread: 2, seq: 4 }]);
    expect(seen.events).toEqual([{ notification: notification({ id: "n5", seq: 5 }), unread: 3 }]);
  });

  it("lets the browser reconnect by itself after a dropped connection (no new stream from us)", () => {
    const { seen } = open();
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail(false);
    expect(seen.states.at(-1)).toBe("connecting");
    vi.advanceTimersByTime(10 * STREAM_RETRY_MS);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("when the browser gives up, tries again later after the newest notification seen, waiting longer each time", () => {
    const { seen } = open(4);
    const first = FakeEventSource.latest();
    first.open();
    first.send("notification", { notification: notification({ id: "n7", seq: 7 }), unread: 1 }, "7");
    first.fail(true);
    expect(seen.states.at(-1)).toBe("closed");
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(STREAM_RETRY_MS - 1);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.latest().url).toBe("/api/notifications/stream?after=7");
    FakeEventSource.latest().fail(true);
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(FakeEventSource.made).toHaveLength(3);
  });

  it("replaces an open stream that says nothing at all for 60 s, waiting longer each time it stays silent", () => {
    const { seen } = open(4);
    const first = FakeEventSource.latest();
    first.open();
    first.send("ready", { unread: 0, seq: 4 });
    // The server's pings keep it alive.
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(STREAM_SILENCE_MS - 1);
      first.send("ping", {});
    }
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(STREAM_SILENCE_MS);
    expect(first.closed).toBe(true);
    expect(seen.states.at(-1)).toBe("closed");
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    const second = FakeEventSource.latest();
    expect(FakeEventSource.made).toHaveLength(2);
    // It opens but nothing comes through (a buffering proxy): the next wait is longer.
    second.open();
    vi.advanceTimersByTime(STREAM_SILENCE_MS + STREAM_RETRY_MS);
    expect(second.closed).toBe(true);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(FakeEventSource.made).toHaveLength(3);
  });

  it("when evicted (too many streams for the member), closes for good and says so: no retry", () => {
    const { seen } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.send("evicted", { reason: "A newer stream was opened" });
    expect(source.closed).toBe(true);
    expect(seen.states.at(-1)).toBe("evicted");
    // The server ends the connection next: the browser reports an error, nothing reconnects.
    source.fail(true);
    source.send("notification", { notification: notification(), unread: 1 });
    vi.advanceTimersByTime(10 * STREAM_RETRY_MS);
    expect(seen.states.at(-1)).toBe("evicted");
    expect(seen.events).toEqual([]);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("closes for good: no more events, no retry", () => {
    const { seen, close } = open();
    const source = FakeEventSource.latest();
    source.open();
    close();
    expect(source.closed).toBe(true);
    source.send("notification", { notification: notification(), unread: 1 });
    source.fail(true);
    vi.advanceTimersByTime(10 * STREAM_RETRY_MS);
    expect(seen.events).toEqual([]);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("says it is closed when the browser has no EventSource (the app then polls)", () => {
    const states: StreamState[] = [];
    openNotificationStream({
      after: 0,
      create: null,
      onState: (state) => states.push(state),
      onReady: () => undefined,
      onNotification: () => undefined,
    });
    expect(states).toEqual(["closed"]);
  });
});
