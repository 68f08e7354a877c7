import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { newFrameToken, type TradingViewWidget } from "./tradingview.ts";
import { readWidgetMessage } from "./widget-message.ts";

/**
 * How long a frame has, once its box is on screen, to show a sign of life (a message with
 * its token) before the box says it could not load. TradingView's widgets take a few
 * seconds on a good connection.
 */
export const LOAD_DEADLINE_MS = 15_000;
/** The chart answers only when asked; it is asked again this often until it does. */
export const PROBE_INTERVAL_MS = 2_000;

/**
 * - loading: the frame is on its way (hidden, with a loading note over it);
 * - ready: it sent a message with its token;
 * - failed: no sign of life by the deadline (the frame stays, hidden, and may still come alive);
 * - offline: the browser says it is offline; no frame until it is back.
 */
export type FramePhase = "loading" | "ready" | "failed" | "offline";

type FrameState = { token: string; phase: FramePhase; height: number; revealed: boolean };

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function freshState(widget: TradingViewWidget): FrameState {
  return { token: newFrameToken(), phase: isOffline() ? "offline" : "loading", height: widget.height, revealed: false };
}

/** The box is on screen (or near it): only then has a lazily loaded frame started, and the clock with it. */
function useSeen(box: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, seen]);
  return seen;
}

/** One TradingView frame's life: its token, whether it loaded, the height it asked for, and retrying. */
export function useWidgetFrame(widget: TradingViewWidget) {
  const [state, setState] = useState(() => freshState(widget));
  const [loadedToken, setLoadedToken] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const seen = useSeen(box);
  const { token, phase } = state;

  const retry = useCallback(() => setState(freshState(widget)), [widget]);
  const reveal = useCallback(() => setState((current) => ({ ...current, revealed: true })), []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const signal = readWidgetMessage(event, { origin: widget.origin, token, source: frame.current?.contentWindow });
      if (!signal) return;
      setState((current) =>
        current.token !== token || current.phase === "offline"
          ? current
          : { ...current, phase: "ready", height: signal.height ?? current.height },
      );
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [widget.origin, token]);

  useEffect(() => {
    // A frame that already loaded keeps working on what it has; one still loading cannot.
    const onOffline = () =>
      setState((current) => (current.phase === "ready" ? current : { ...current, phase: "offline" }));
    const onOnline = () =>
      setState((current) => (current.phase === "offline" || current.phase === "failed" ? freshState(widget) : current));
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [widget]);

  useEffect(() => {
    if (phase !== "loading" || !seen) return;
    const timer = setTimeout(
      () =>
        setState((current) =>
          current.token === token && current.phase === "loading" ? { ...current, phase: "failed" } : current,
        ),
      LOAD_DEADLINE_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, seen, token]);

  useEffect(() => {
    const { probe, origin } = widget;
    if (!probe || phase !== "loading" || loadedToken !== token) return;
    // The target origin keeps the token from anything but the widget host (an error page, say).
    const ask = () => frame.current?.contentWindow?.postMessage(probe(token), origin);
    ask();
    const timer = setInterval(ask, PROBE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [widget, phase, loadedToken, token]);

  return {
    ...state,
    box,
    frame,
    retry,
    reveal,
    /** The frame's `load` event: proves nothing (error pages fire it too), but the chart can now be asked. */
    onFrameLoad: () => setLoadedToken(token),
  };
}
