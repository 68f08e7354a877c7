import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedStatus } from "../../../test/feed-status.ts";
import { FeedStatusPage } from "./feed-status-page.tsx";

const MINUTE = 60_000;
const now = Date.now();
const iso = (offset: number) => new Date(now + offset).toISOString();

const feeds = [
  feedStatus("gemwire", "Gemwire", { itemCount: 42, lastUpdated: iso(-5 * MINUTE) }),
  feedStatus("bitcoin", "Bitcoin News", {
    itemCount: 0,
    sourceAddress: "https://bitcoinmagazine.com/.rss/full/",
    lastError: "ENOTFOUND: getaddrinfo ENOTFOUND bitcoinmagazine.com",
    lastErrorReason: "The address bitcoinmagazine.com could not be found (no internet or DNS?).",
    lastErrorAt: iso(-3 * MINUTE),
    lastAttempt: iso(-3 * MINUTE),
    consecutiveFailures: 4,
    nextAttempt: iso(37 * MINUTE),
  }),
  feedStatus("youtube", "YouTube", {
    itemCount: 1234,
    sourceAddress: "https://www.youtube.com/feeds/videos.xml?…",
    lastUpdated: iso(-5 * MINUTE),
    lastAttempt: iso(-5 * MINUTE),
    nextAttempt: iso(20 * MINUTE),
  }),
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input), "http://gemwire.test").pathname;
  if (path === "/api/feeds") return json({ feeds, error: null });
  if (init?.method === "POST" && path === "/api/feeds/bitcoin/refresh") {
    return json({ feed: { ...feeds[1], nextAttempt: new Date().toISOString() } }, 202);
  }
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FeedStatusPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = (title: string) => screen.getByRole("row", { name: new RegExp(`^${title}`) });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("FeedStatusPage", () => {
  it("lists every feed with its address, items, last success, last error, failures and next attempt", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Feed status" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
    expect(screen.getByRole("status").textContent).toContain("1 of 2 feeds failed at their last attempt.");

    const bitcoin = row("Bitcoin News");
    expect(bitcoin.textContent).toContain("Failing");
    expect(bitcoin.textContent).toContain("https://bitcoinmagazine.com/.rss/full/");
    expect(bitcoin.textContent).toContain("The address bitcoinmagazine.com could not be found (no internet or DNS?).");
    expect(bitcoin.textContent).toContain("ENOTFOUND: getaddrinfo ENOTFOUND bitcoinmagazine.com");
    expect(bitcoin.textContent).toMatch(/Last success\s*never/);
    expect(bitcoin.textContent).toMatch(/Failures\s*4/);
    expect(bitcoin.textContent).toMatch(/in 37 min/);

    const youtube = row("YouTube");
    expect(youtube.textContent).toContain("OK");
    expect(youtube.textContent).toContain("https://www.youtube.com/feeds/videos.xml?…");
    expect(youtube.textContent).toContain("1,234");
    expect(youtube.textContent).toMatch(/Last success\s*5m ago/);
    expect(youtube.textContent).toMatch(/Last error\s*None/);
    expect(within(youtube).queryByRole("button")).toBeNull();

    expect(row("Gemwire").textContent).toContain("Built from the other feeds");
  });

  it("asks the server to fetch a failing feed again", async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
    fireEvent.click(within(row("Bitcoin News")).getByRole("button", { name: "Refresh Feed: Bitcoin News" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/feeds/bitcoin/refresh", expect.objectContaining({ method: "POST" })),
    );
    await waitFor(() => expect(row("Bitcoin News").textContent).toContain("Trying again…"));
  });
});
