import type { NotificationEvent } from "../../../contracts/community.ts";
import { paths } from "../../paths.ts";
import type { NotificationSummary } from "./types.ts";

/**
 * Whether notifications arrive on their own right now; while not "open" the app polls.
 * Two are for good: "evicted" (the member opened more streams than the server allows, in
 * other browsers; this one polls instead of taking a stream back from them) and
 * "signed-out" (the session ended elsewhere; nothing more is asked).
 */
export type StreamState = "connecting" | "open" | "closed" | "evicted" | "signed-out";

/** A state the stream does not come back from. */
export const isFinal = (state: StreamState) => state === "evicted" || state === "signed-out";

/** The part of the browser's EventSource this module uses (a fake one in tests). */
export type StreamSource = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};
export type StreamFactory = (url: string) => StreamSource;

const CLOSED = 2;
/** After the browser gives up on the stream (an error answer), it is tried again after this long, then twice as long… */
export const STREAM_RETRY_MS = 30_000;
export const STREAM_RETRY_MAX_MS = 5 * 60_000;
/** The server pings every 25 s: an open stream silent this long is dead (a proxy, a sleeping laptop) and is replaced. */
export const STREAM_SILENCE_MS = 60_000;

function browserFactory(): StreamFactory | null {
  const Source = globalThis.EventSource;
  return typeof Source === "function" ? (url) => new Source(url) : null;
}

function parse<T>(data: string, valid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(data);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isSummary = (value: unknown): value is NotificationSummary =>
  typeof (value as NotificationSummary)?.unread === "number" && typeof (value as NotificationSummary).seq === "number";

const isEvent = (value: unknown): value is NotificationEvent => {
  const notification = (value as NotificationEvent | null)?.notification;
  return (
    typeof (value as NotificationEvent).unread === "number" &&
    typeof notification?.id === "string" &&
    typeof notification.seq === "number"
  );
};

/**
 * Opens `GET /api/notifications/stream?after=` and reports what arrives. The browser
 * reconnects by itself after a dropped connection (sending Last-Event-ID, so nothing is
 * missed); when it gives up (the server answered with an error) this tries again later,
 * after the newest notification it has seen, and so it does when the open stream says
 * nothing at all for 60 s. Told it was evicted, or that its session ended, it closes for
 * good. Returns the function that closes it for good.
 */
export function openNotificationStream(options: {
  after: number;
  onReady: (summary: NotificationSummary) => void;
  onNotification: (event: NotificationEvent) => void;
  onState: (state: StreamState) => void;
  /** Makes the EventSource; null when the browser has none. Defaults to the browser's. */
  create?: StreamFactory | null;
}): () => void {
  const create = options.create === undefined ? browserFactory() : options.create;
  if (!create) {
    options.onState("closed");
    return () => undefined;
  }
  let after = options.after;
  let source: StreamSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let retryMs = STREAM_RETRY_MS;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(quiet);
    source?.close();
  };

  /** Gives this connection up and tries again later, waiting longer each time. */
  const retry = () => {
    clearTimeout(quiet);
    source?.close();
    source = null;
    options.onState("closed");
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, STREAM_RETRY_MAX_MS);
  };

  const connect = () => {
    options.onState("connecting");
    const current = create(paths.api.notificationStream(after));
    source = current;
    /** What this connection says while it is the one in use; anything at all proves it alive. */
    const on = (type: string, handle: (data: string) => void) =>
      current.addEventListener(type, (event) => {
        if (stopped || source !== current) return;
        clearTimeout(quiet);
        quiet = setTimeout(retry, STREAM_SILENCE_MS);
        handle(event.data);
      });
    on("open", () => options.onState("open"));
    on("ping", () => undefined);
    on("ready", (data) => {
      const summary = parse(data, isSummary);
      if (!summary) return;
      // Only a stream that delivers resets the wait: one that opens and then says nothing keeps growing it.
      retryMs = STREAM_RETRY_MS;
      after = Math.max(after, summary.seq);
      options.onReady(summary);
    });
    on("notification", (data) => {
      const event = parse(data, isEvent);
      if (!event) return;
      after = Math.max(after, event.notification.seq);
      options.onNotification(event);
    });
    for (const end of ["evicted", "signed-out"] as const) {
      on(end, () => {
        stop();
        options.onState(end);
      });
    }
    current.addEventListener("error", () => {
      if (stopped || source !== current) return;
      // The browser reconnects by itself: silence counts again from its next open.
      clearTimeout(quiet);
      if (current.readyState !== CLOSED) options.onState("connecting");
      else retry();
    });
  };

  connect();
  return stop;
}
