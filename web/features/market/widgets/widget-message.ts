import { allWidgetOrigins } from "../../../../contracts/widget-hosts.ts";

/** The one style a frame may ask for: its height, in whole CSS pixels within these bounds. */
export const MIN_FRAME_HEIGHT = 100;
export const MAX_FRAME_HEIGHT = 2000;

/** Longer string messages are not parsed at all (a frame's real messages are a few hundred characters). */
const MAX_STRING_MESSAGE = 16_384;

/** The frame a message must come from to count: its origin, its window, and the token it was given. */
export type FrameIdentity = {
  origin: string;
  token: string;
  source: MessageEventSource | null | undefined;
};

/**
 * What an accepted message means: the frame is alive, and, when it asked for a height within
 * bounds, that height. Nothing else a message carries is ever used.
 */
export type WidgetSignal = { height: number | null };

type MessageLike = Pick<MessageEvent, "origin" | "source" | "data">;

/**
 * A frame's message is applied only when it comes from exactly that
 * frame's origin (one of the widget hosts), from that frame's own window, and carries that
 * frame's token. TradingView's embeds post objects (`{name, frameElementId, data}`); its
 * chart answers in JSON strings (`{name, client_id, data, provider}`), so both are read.
 * Anything else is `null`: ignored.
 */
export function readWidgetMessage(message: MessageLike, frame: FrameIdentity): WidgetSignal | null {
  if (!allWidgetOrigins.some((origin) => origin === message.origin) || message.origin !== frame.origin) return null;
  if (!frame.source || message.source !== frame.source) return null;
  if (frame.token.length < 16) return null;
  const data = asRecord(message.data);
  if (!data) return null;
  if (data.frameElementId !== frame.token && data.client_id !== frame.token) return null;
  return { height: data.name === "tv-widget-resize-iframe" ? boundedHeight(asRecord(data.data)?.height) : null };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === "string") {
    if (value.length > MAX_STRING_MESSAGE) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

function boundedHeight(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const height = Math.round(value);
  return height >= MIN_FRAME_HEIGHT && height <= MAX_FRAME_HEIGHT ? height : null;
}
