import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let reportPageView: (pathname: string, alsoTell?: () => void) => boolean;
let beacon: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  // Each test starts with no view reported yet.
  vi.resetModules();
  ({ reportPageView } = await import("./page-views.ts"));
  beacon = vi.fn(() => true);
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true, writable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, "prerendering", { value: false, configurable: true });
});

const beaconed = () => beacon.mock.calls.map(([url, body]) => [url, JSON.parse(String(body))]);

describe("reportPageView", () => {
  it("sends the path with navigator.sendBeacon, as JSON, and nothing else", () => {
    expect(reportPageView("/token/BTC")).toBe(true);
    expect(beaconed()).toEqual([["/api/analytics/pageview", { path: "/token/BTC" }]]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports a path once until the path changes", () => {
    expect(reportPageView("/stories")).toBe(true);
    expect(reportPageView("/stories")).toBe(false);
    expect(reportPageView("/news")).toBe(true);
    expect(reportPageView("/stories")).toBe(true);
    expect(beaconed().map(([, body]) => body.path)).toEqual(["/stories", "/news", "/stories"]);
  });

  it.each([
    ["refuses the beacon", () => false],
    [
      "throws",
      () => {
        throw new TypeError("Illegal invocation");
      },
    ],
  ])("falls back to a keepalive fetch without cookies when sendBeacon %s", (_, behaviour) => {
    beacon.mockImplementation(behaviour);
    reportPageView("/market");
    expect(fetchMock).toHaveBeenCalledWith("/api/analytics/pageview", {
      method: "POST",
      body: JSON.stringify({ path: "/market" }),
      keepalive: true,
      credentials: "omit",
    });
  });

  it("uses fetch where there is no sendBeacon, and never lets a failure escape", async () => {
    Object.defineProperty(navigator, "sendBeacon", { value: undefined, configurable: true, writable: true });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(() => reportPageView("/blog")).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The rejection is handled: nothing surfaces as an unhandled error.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("tells the other listener of each new view too", () => {
    const alsoTell = vi.fn();
    reportPageView("/stories", alsoTell);
    reportPageView("/stories", alsoTell);
    reportPageView("/news", alsoTell);
    expect(alsoTell).toHaveBeenCalledTimes(2);
  });

  it("waits while the browser prerenders the page, and reports when it is shown", () => {
    const alsoTell = vi.fn();
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    reportPageView("/predictions", alsoTell);
    expect(beacon).not.toHaveBeenCalled();
    expect(alsoTell).not.toHaveBeenCalled();
    Object.defineProperty(document, "prerendering", { value: false, configurable: true });
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(beaconed()).toEqual([["/api/analytics/pageview", { path: "/predictions" }]]);
    expect(alsoTell).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
