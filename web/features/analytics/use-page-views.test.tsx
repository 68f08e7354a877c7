import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteConfig } from "../../../contracts/site.ts";

let usePageViews: () => void;
let beacon: ReturnType<typeof vi.fn>;
/** Scripts the app added to the page (kept here: happy-dom would try to load them). */
let added: HTMLScriptElement[] = [];

beforeEach(async () => {
  // A fresh module per test: no view reported yet, no script added yet.
  vi.resetModules();
  ({ usePageViews } = await import("./use-page-views.ts"));
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true, writable: true });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 404 })),
  );
  // The tests fire each script's "load" themselves.
  added = [];
  vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
    added.push(...nodes.filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.plausible = undefined;
  window.umami = undefined;
});

const site = (analyticsScript: SiteConfig["analyticsScript"]): SiteConfig => ({
  name: "Gemwire",
  version: "1.0.0",
  accessMode: "open",
  contactEmail: "hello@example.org",
  feedRefreshMs: 300_000,
  sampleMode: false,
  social: {},
  analyticsScript,
});

function Layout() {
  usePageViews();
  return null;
}

/** The app's layout on a router starting at `/`, with the given site settings; returns its router. */
function renderApp(config: SiteConfig) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["site"], config);
  const router = createMemoryRouter([{ path: "*", element: <Layout /> }], { initialEntries: ["/"] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const go = (to: string) => act(() => router.navigate(to));
  return {
    go,
    rerender: () =>
      view.rerender(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
  };
}

const reported = () => beacon.mock.calls.map(([, body]) => JSON.parse(String(body)).path);
const scripts = () => added;

describe("usePageViews", () => {
  it("reports the first page and each change of path, once each", async () => {
    const app = renderApp(site(null));
    expect(reported()).toEqual(["/"]);
    await app.go("/token/BTC");
    app.rerender();
    await app.go("/token/BTC?range=7d");
    await app.go("/token/BTC#news");
    await app.go("/stories");
    await app.go("/");
    expect(reported()).toEqual(["/", "/token/BTC", "/stories", "/"]);
    expect(beacon.mock.calls.every(([url]) => url === "/api/analytics/pageview")).toBe(true);
  });

  it("loads no third-party script when none is configured", async () => {
    const app = renderApp(site(null));
    await app.go("/stories");
    expect(scripts()).toEqual([]);
  });

  it("loads the configured script once, async, with its data attributes", async () => {
    const app = renderApp(site({ url: "https://stats.example.org/js/script.js", data: { "website-id": "abc-123" } }));
    await app.go("/stories");
    app.rerender();
    await app.go("/news");
    const [script, ...more] = scripts();
    expect(more).toEqual([]);
    expect(script?.src).toBe("https://stats.example.org/js/script.js");
    expect(script?.async).toBe(true);
    expect(script?.dataset).toMatchObject({
      websiteId: "abc-123",
      domain: window.location.hostname,
      autoTrack: "false",
    });
  });

  it("lets the operator's attributes win over the defaults", () => {
    renderApp(site({ url: "https://stats.example.org/js/script.js", data: { domain: "gemwire.example" } }));
    expect(scripts()[0]?.dataset.domain).toBe("gemwire.example");
  });

  it("tells Plausible or Umami about the first page once loaded, then about each route change", async () => {
    const app = renderApp(site({ url: "https://stats.example.org/js/script.js", data: {} }));
    const plausible = vi.fn();
    const track = vi.fn();
    // Route changes before the script arrives: only the page showing when it does is told.
    await app.go("/stories");
    expect(plausible).not.toHaveBeenCalled();
    window.plausible = plausible;
    window.umami = { track };
    scripts()[0]?.dispatchEvent(new Event("load"));
    expect(plausible).toHaveBeenCalledTimes(1);
    expect(plausible).toHaveBeenCalledWith("pageview");
    expect(track).toHaveBeenCalledTimes(1);
    await app.go("/stories?feed=news");
    await app.go("/market");
    expect(plausible).toHaveBeenCalledTimes(2);
    expect(track).toHaveBeenCalledTimes(2);
  });

  it("does not fail when the script defines neither Plausible nor Umami", async () => {
    const app = renderApp(site({ url: "https://stats.example.org/js/other.js", data: {} }));
    scripts()[0]?.dispatchEvent(new Event("load"));
    await app.go("/market");
    expect(reported()).toEqual(["/", "/market"]);
  });
});
