import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { widgetOrigins } from "../../../../contracts/widget-hosts.ts";
import { chartWidget, newsWidget } from "./tradingview.ts";
import { TradingViewFrame } from "./tradingview-frame.tsx";
import { LOAD_DEADLINE_MS, PROBE_INTERVAL_MS } from "./use-widget-frame.ts";

const chart = chartWidget({ symbol: "BINANCE:BTCUSDT", height: 800 });
const news = newsWidget({ height: 990 });
const FAILED =
  /The chart from TradingView could not load — you may be offline, or a blocker or network may be stopping tradingview\.com\./;

// happy-dom loads no frame pages (so no network here) and logs a NotSupportedError for each frame.

/** Boxes come into view as soon as they are observed (happy-dom's observer never reports). */
class SeenAtOnce {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}
class NeverSeen {
  observe() {}
  disconnect() {}
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
}

/** The frame's window: the test stands in for TradingView on the other side of it. */
function attachWindow(frame: HTMLIFrameElement) {
  const contentWindow = { postMessage: vi.fn() };
  Object.defineProperty(frame, "contentWindow", { configurable: true, get: () => contentWindow });
  return contentWindow;
}

const theFrame = (title = chart.title) => screen.getByTitle(title) as HTMLIFrameElement;
const tokenOf = (frame: HTMLIFrameElement) => new URL(frame.src).searchParams.get("frameElementId") ?? "";
const embedTokenOf = (frame: HTMLIFrameElement) =>
  JSON.parse(decodeURIComponent(new URL(frame.src).hash.slice(1))).frameElementId as string;

function post(origin: string, source: unknown, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { origin, source: source as MessageEventSource, data }));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("IntersectionObserver", SeenAtOnce);
  setOnline(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setOnline(true);
});

describe("TradingViewFrame", () => {
  it("says it is loading, over the box's full height, with the frame built ourselves and hidden", () => {
    render(<TradingViewFrame widget={chart} />);
    expect(screen.getByRole("status").textContent).toContain("Loading the chart from TradingView…");
    expect(screen.getByTestId("tradingview-chart").style.height).toBe("800px");
    const frame = theFrame();
    expect(frame.src.startsWith(`${widgetOrigins.chart}/widgetembed/?`)).toBe(true);
    expect(new URL(frame.src).searchParams.get("theme")).toBe("dark");
    expect(tokenOf(frame)).toMatch(/^tv_[0-9a-f]{32}$/);
    expect(frame.getAttribute("sandbox")).toBe(
      "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox",
    );
    expect(frame.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.className).toContain("invisible");
  });

  it("gives every frame its own token", () => {
    render(
      <>
        <TradingViewFrame widget={chart} />
        <TradingViewFrame widget={news} />
      </>,
    );
    expect(tokenOf(theFrame())).not.toBe(embedTokenOf(theFrame(news.title)));
  });

  it("says in place that it could not load when no sign of life comes by the deadline, and Retry makes a new frame", () => {
    render(<TradingViewFrame widget={chart} />);
    const first = tokenOf(theFrame());
    // The load event alone proves nothing: error pages fire it too.
    fireEvent.load(theFrame());
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS - 1));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert").textContent).toMatch(FAILED);
    expect(screen.getByRole("link", { name: "Open the chart on tradingview.com" }).getAttribute("href")).toBe(
      "https://www.tradingview.com/chart/?symbol=BINANCE%3ABTCUSDT",
    );
    expect(theFrame().className).toContain("invisible");

    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.getByRole("status").textContent).toContain("Loading the chart from TradingView…");
    expect(tokenOf(theFrame())).not.toBe(first);
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS));
    expect(screen.getByRole("alert").textContent).toMatch(FAILED);
  });

  it("starts the clock only once the box is on screen (the frame loads lazily)", () => {
    vi.stubGlobal("IntersectionObserver", NeverSeen);
    render(<TradingViewFrame widget={chart} />);
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS * 3));
    expect(screen.getByRole("status").textContent).toContain("Loading the chart from TradingView…");
  });

  it("shows the frame once it sends a message with its token, applies a bounded height, and ignores forgeries", () => {
    render(<TradingViewFrame widget={news} />);
    const frame = theFrame(news.title);
    const frameWindow = attachWindow(frame);
    const token = embedTokenOf(frame);

    post(widgetOrigins.embed, frameWindow, { name: "tv-widget-load", frameElementId: "tv_not_the_token_at_all" });
    post("https://evil.example", frameWindow, { name: "tv-widget-load", frameElementId: token });
    post(widgetOrigins.embed, {}, { name: "tv-widget-load", frameElementId: token });
    expect(screen.getByRole("status").textContent).toContain("Loading the news from TradingView…");

    post(widgetOrigins.embed, frameWindow, { name: "tv-widget-load", frameElementId: token });
    expect(screen.queryByRole("status")).toBeNull();
    expect(frame.className).not.toContain("invisible");

    const box = screen.getByTestId("tradingview-news");
    post(widgetOrigins.embed, frameWindow, {
      name: "tv-widget-resize-iframe",
      frameElementId: token,
      data: { height: 640 },
    });
    expect(box.style.height).toBe("640px");
    post(widgetOrigins.embed, frameWindow, {
      name: "tv-widget-resize-iframe",
      frameElementId: token,
      data: { height: 1e7 },
    });
    post(widgetOrigins.embed, frameWindow, {
      name: "tv-widget-resize-iframe",
      frameElementId: "forged",
      data: { height: 300 },
    });
    expect(box.style.height).toBe("640px");
    // Loaded frames stay: the deadline passing changes nothing.
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks the chart whether it is ready, only at its own origin, until it answers", () => {
    render(<TradingViewFrame widget={chart} />);
    const frame = theFrame();
    const frameWindow = attachWindow(frame);
    const token = tokenOf(frame);
    fireEvent.load(frame);
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(1);
    const [question, targetOrigin] = frameWindow.postMessage.mock.calls[0] ?? [];
    expect(targetOrigin).toBe(widgetOrigins.chart);
    expect(JSON.parse(question)).toMatchObject({ type: "get", name: "widgetReady", client_id: token });
    act(() => vi.advanceTimersByTime(PROBE_INTERVAL_MS));
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(2);

    post(widgetOrigins.chart, frameWindow, JSON.stringify({ type: "on", name: "widgetReady", client_id: token }));
    expect(frame.className).not.toContain("invisible");
    act(() => vi.advanceTimersByTime(PROBE_INTERVAL_MS * 3));
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(2);
  });

  it("a frame that comes alive after the deadline is shown after all", () => {
    render(<TradingViewFrame widget={news} />);
    const frame = theFrame(news.title);
    const frameWindow = attachWindow(frame);
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    post(widgetOrigins.embed, frameWindow, { name: "tv-widget-load", frameElementId: embedTokenOf(frame) });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(frame.className).not.toContain("invisible");
  });

  it("can show a frame that never said it loaded, when the reader asks", () => {
    render(<TradingViewFrame widget={news} />);
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS));
    fireEvent.click(screen.getByRole("button", { name: "Show the frame anyway" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(theFrame(news.title).className).not.toContain("invisible");
  });

  it("offline from the start: says so, makes no frame, and loads when the connection is back", () => {
    setOnline(false);
    render(<TradingViewFrame widget={chart} />);
    expect(screen.getByRole("alert").textContent).toContain(
      "You are offline, so the chart from TradingView cannot load. It will load when the connection is back.",
    );
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.queryByTitle(chart.title)).toBeNull();

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.getByRole("status").textContent).toContain("Loading the chart from TradingView…");
    expect(theFrame()).toBeInTheDocument();
  });

  it("going offline while loading says so; a loaded frame stays", () => {
    render(
      <>
        <TradingViewFrame widget={chart} />
        <TradingViewFrame widget={news} />
      </>,
    );
    const newsFrame = theFrame(news.title);
    post(widgetOrigins.embed, attachWindow(newsFrame), {
      name: "tv-widget-load",
      frameElementId: embedTokenOf(newsFrame),
    });
    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByRole("alert").textContent).toContain(
      "You are offline, so the chart from TradingView cannot load.",
    );
    expect(screen.queryByTitle(chart.title)).toBeNull();
    expect(theFrame(news.title).className).not.toContain("invisible");
  });

  it("after a failure, the connection coming back retries", () => {
    render(<TradingViewFrame widget={chart} />);
    const first = tokenOf(theFrame());
    act(() => vi.advanceTimersByTime(LOAD_DEADLINE_MS));
    expect(screen.getByRole("alert").textContent).toMatch(FAILED);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(tokenOf(theFrame())).not.toBe(first);
  });
});
