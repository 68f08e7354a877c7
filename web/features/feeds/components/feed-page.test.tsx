import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedStatus } from "../../../test/feed-status.ts";
import { BitcoinNewsPage } from "./feed-page.tsx";
import { XFeedPage } from "./x-feed-page.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const failing = feedStatus("bitcoin", "Bitcoin News", {
  itemCount: 0,
  sourceAddress: "https://bitcoinmagazine.com/.rss/full/",
  lastError: "HTTP 503 from bitcoinmagazine.com",
  lastErrorReason: "bitcoinmagazine.com had a server error (HTTP 503).",
  lastAttempt: new Date(Date.now() - 120_000).toISOString(),
  consecutiveFailures: 1,
  nextAttempt: new Date(Date.now() + 300_000).toISOString(),
});

const failingX = feedStatus("xfeed", "X Feed", {
  itemCount: 0,
  sourceAddress: "https://watcher.example/feed",
  lastError: "HTTP 503 from watcher.example",
  lastErrorReason: "watcher.example had a server error (HTTP 503).",
  lastAttempt: new Date(Date.now() - 120_000).toISOString(),
  consecutiveFailures: 1,
  nextAttempt: new Date(Date.now() + 300_000).toISOString(),
});

const calls: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input), "http://gemwire.test").pathname;
  calls.push(`${init?.method ?? "GET"} ${path}`);
  if (path === "/api/feeds") return json({ feeds: [failing, failingX], error: null });
  if (path === "/api/feeds/bitcoin/items" || path === "/api/feeds/xfeed/items") return json({ items: [], next: null });
  if (path === "/api/feeds/bitcoin/refresh") return json({ feed: failing }, 202);
  if (path === "/api/feeds/xfeed/refresh") return json({ feed: failingX }, 202);
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("a feed page whose feed failed", () => {
  it("says why it is empty, and its 'Refresh Feed' asks the server to fetch again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BitcoinNewsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Bitcoin News could not be fetched from bitcoinmagazine.com");
    expect(notice.textContent).toContain("bitcoinmagazine.com had a server error (HTTP 503).");
    expect(screen.queryByText("No articles to display")).toBeNull();
    // One 'Refresh Feed' on the page, and it asks the server.
    const buttons = screen.getAllByRole("button", { name: "Refresh Feed" });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(calls).toContain("POST /api/feeds/bitcoin/refresh"));
  });

  it("on the X Feed timeline too", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <XFeedPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("watcher.example had a server error (HTTP 503).");
    expect(screen.queryByText("No tweets to display")).toBeNull();
    const buttons = screen.getAllByRole("button", { name: "Refresh Feed" });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(calls).toContain("POST /api/feeds/xfeed/refresh"));
  });
});
