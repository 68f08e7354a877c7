import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../contracts/accounts.ts";
import type { FeedStatus } from "../../../contracts/feeds.ts";
import { feedStatus } from "../../test/feed-status.ts";
import { HomePage } from "./home-page.tsx";

const member: Me = { user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null }, admin: false };
const settings = {
  degenMode: false,
  enabledFeeds: ["bitcoin", "gemwire", "news", "market", "search"],
  feedOrder: ["gemwire", "bitcoin", "news", "market", "search"],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const failure = () => json({ error: { code: "unavailable", message: "Service unavailable" } }, 503);

/** The fake API: one answer per "METHOD /path"; feed items default to an empty feed. */
let api: Record<string, () => Response>;
const calls: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), "http://gemwire.test");
  const call = `${init?.method ?? "GET"} ${url.pathname}`;
  calls.push(call);
  const answer = api[call];
  if (answer) return answer();
  if (/^GET \/api\/feeds\/\w+\/items$/.test(call)) return json({ items: [], next: null });
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
});

function catalog(feeds: FeedStatus[], error: string | null = null) {
  const keys = new Set(feeds.map((f) => f.key));
  const rest = ["gemwire", "bitcoin", "news", "market", "search"]
    .filter((key) => !keys.has(key as FeedStatus["key"]))
    .map((key) => feedStatus(key as FeedStatus["key"], key));
  return () => json({ feeds: [...feeds, ...rest], error });
}

function renderHome(me: Me) {
  api["GET /api/me"] = () => json(me);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole("region", { name });

beforeEach(() => {
  calls.length = 0;
  api = {
    "GET /api/site": () => json({ feedRefreshMs: 300_000, sampleMode: false }),
    "GET /api/events": () => json({ events: [], sample: true }),
    "GET /api/feeds": catalog([]),
  };
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("HomePage when loading settings fails", () => {
  it("says 'Failed to load settings' where the feeds would be, and tries again", async () => {
    api["GET /api/settings"] = failure;
    renderHome(member);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load settings");
    expect(screen.queryByRole("region", { name: "Bitcoin News" })).toBeNull();

    api["GET /api/settings"] = () => json(settings);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(section("Bitcoin News")).toBeTruthy());
    expect(screen.queryByText("Failed to load settings")).toBeNull();
  });
});
