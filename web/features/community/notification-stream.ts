import { paths } from "../../paths.ts";
import type { NotificationEvent, NotificationSummary } from "./types.ts";

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
 * after the newest notification it has seen. Told it was evicted, or that its session
 * ended, it closes for good.
 * Returns the function that closes it for good.
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
  let retryMs = STREAM_RETRY_MS;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };

  const connect = () => {
    options.onState("connecting");
    const current = create(paths.api.notificationStream(after));
    source = current;
    current.addEventListener("open", () => {
      if (stopped || source !== current) return;
      retryMs = STREAM_RETRY_MS;
      options.onState("open");
    });
    current.addEventListener("ready", (event) => {
      const summary = parse(event.data, isSummary);
      if (stopped || source !== current || !summary) return;
      after = Math.max(after, summary.seq);
      options.onReady(summary);
    });
    current.addEventListener("notification", (event) => {
      const data = parse(event.data, isEvent);
      if (stopped || source !== current || !data) return;
      after = Math.max(after, data.notification.seq);
      options.onNotification(data);
    });
    for (const end of ["evicted", "signed-out"] as const) {
      current.addEventListener(end, () => {
        if (stopped || source !== current) return;
        stop();
        options.onState(end);
      });
    }
    current.addEventListener("error", () => {
      if (stopped || source !== current) return;
      if (current.readyState !== CLOSED) {
        options.onState("connecting");
        return;
      }
      current.close();
      options.onState("closed");
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, STREAM_RETRY_MAX_MS);
    });
  };

  connect();
  return stop;
}
