import type { NotificationEvent } from "../../../contracts/community.ts";
import { isFinal, openNotificationStream, type StreamFactory, type StreamState } from "./notification-stream.ts";
import type { NotificationSummary } from "./types.ts";

/*
 * One notification stream per browser, not per tab: a browser keeps 6 connections per
 * origin, and a stream in every open tab would starve the other requests. The tabs elect a
 * leader with a Web Lock it holds while it lives; only the leader opens the stream and
 * relays what arrives to the other tabs over a BroadcastChannel. When the leader closes,
 * the browser hands the lock to another tab, which opens the stream in its turn.
 */

const NAME = "gemwire-notifications";

/** What the tabs tell each other; each message names the member it is about. */
type Relay =
  | { kind: "hello" }
  | { kind: "state"; state: StreamState }
  | { kind: "ready"; summary: NotificationSummary }
  | { kind: "notification"; event: NotificationEvent };

/** The part of a BroadcastChannel this uses (a fake one in tests). */
export type TabChannel = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};
export type TabLocks = {
  request<T>(name: string, options: LockOptions, callback: (lock: Lock | null) => T): Promise<Awaited<T>>;
};

/** What the browser provides; each defaults to the browser's own, and null means it has none. */
export type BrowserParts = {
  create?: StreamFactory | null;
  locks?: TabLocks | null;
  channel?: ((name: string) => TabChannel) | null;
};

function browserChannel(): ((name: string) => TabChannel) | null {
  const Channel = globalThis.BroadcastChannel;
  return typeof Channel === "function" ? (name) => new Channel(name) : null;
}

/**
 * Receives the member's notifications through the browser's one shared stream (through
 * its own stream where the browser cannot share one). `after` is read when this tab
 * opens the stream; `onTakeOver` is called when this tab takes the stream over from one
 * that closed (what changed meanwhile without an event is worth asking for). Returns the
 * function that leaves (and hands the stream on when leading).
 */
export function shareNotificationStream(options: {
  member: string;
  after: () => number;
  onReady: (summary: NotificationSummary) => void;
  onNotification: (event: NotificationEvent) => void;
  onState: (state: StreamState) => void;
  onTakeOver: () => void;
  browser?: BrowserParts;
}): () => void {
  const { member, browser = {} } = options;
  const locks = browser.locks === undefined ? globalThis.navigator?.locks : browser.locks;
  const makeChannel = browser.channel === undefined ? browserChannel() : browser.channel;
  if (!locks?.request || !makeChannel)
    return openNotificationStream({ ...options, after: options.after(), create: browser.create });

  const channel = makeChannel(NAME);
  const controller = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let state: StreamState = "connecting";
  let leading = false;
  let left = false;
  let closeStream: (() => void) | undefined;

  const send = (message: Relay) => channel.postMessage({ member, ...message });
  const setState = (next: StreamState) => {
    state = next;
    options.onState(next);
    if (leading) send({ kind: "state", state: next });
  };

  channel.onmessage = ({ data }: MessageEvent<(Relay & { member: string }) | null>) => {
    if (data?.member !== member) return;
    if (data.kind === "hello") {
      if (leading) send({ kind: "state", state });
      return;
    }
    // A leader trusts its own stream only (the tab it took over from may still be closing its).
    if (leading) return;
    if (data.kind === "state") setState(data.state);
    else if (data.kind === "ready") options.onReady(data.summary);
    else if (data.kind === "notification") options.onNotification(data.event);
  };

  const lead = (takenOver: boolean) => {
    if (left) return;
    leading = true;
    if (takenOver) options.onTakeOver();
    // Evicted and signed out hold for the whole browser: the next leader opens no stream either.
    if (isFinal(state)) setState(state);
    else
      closeStream = openNotificationStream({
        after: options.after(),
        create: browser.create,
        onState: setState,
        onReady: (summary) => {
          options.onReady(summary);
          send({ kind: "ready", summary });
        },
        onNotification: (event) => {
          options.onNotification(event);
          send({ kind: "notification", event });
        },
      });
    return held;
  };

  options.onState(state);
  // Leading at once when no tab leads; else waiting in line, asking the leader how its stream is.
  locks
    .request(NAME, { ifAvailable: true }, (lock) =>
      lock ? lead(false) : locks.request(NAME, { signal: controller.signal }, () => lead(true)),
    )
    .catch(() => undefined);
  send({ kind: "hello" });

  return () => {
    left = true;
    closeStream?.();
    if (leading && !isFinal(state)) send({ kind: "state", state: "closed" });
    controller.abort();
    release();
    channel.close();
  };
}
