import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../contracts/accounts.ts";
import type { FeedStatus } from "../../../contracts/feeds.ts";
import { feedStatus } from "../../test/feed-status.ts";
import { HomePage } from "./home-page.tsx";

const MINUTE = 60_000;
const member: Me = { user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null }, admin: false };
const visitor: Me = { user: null, admin: false };
const settings = {
  degenMode: false,
  enabledFeeds: ["bitcoin", "gemwire", "news", "market", "search"],
  feedOrder: ["gemwire", "bitcoin", "news", "market", "search"],
};
const article = (id: string, title: string) => ({
  id,
  title,
  link: `https://news.example/${id}`,
  pubDate: new Date(Date.now() - 30 * MINUTE).toISOString(),
  description: "",
  image: null,
  source: "Blockline Daily",
  creator: "Mara Quill",
  votes: { up: 0, down: 0 },
  myVote: null,
  comments: 0,
  story: null,
  coins: [],
  read: false,
});

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
const sectionShown = (name: string) => screen.findByRole("region", { name });

beforeEach(() => {
  calls.length = 0;
  api = {
    "GET /api/site": () => json({ feedRefreshMs: 300_000, sampleMode: false }),
    "GET /api/events": () => json({ events: [], sample: true }),
    "GET /api/blog": () => json({ posts: [], next: null }),
    "GET /api/feeds": catalog([]),
    "GET /api/me/feeds": () => json({ feeds: [], limit: 50, enabled: true }),
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
    await waitFor(() => expect(section("Bitcoin News")).toBeInTheDocument());
    expect(screen.queryByText("Failed to load settings")).toBeNull();
  });
});

describe("HomePage when a feed's fetches fail", () => {
  const failing = feedStatus("bitcoin", "Bitcoin News", {
    itemCount: 0,
    sourceAddress: "https://bitcoinmagazine.com/.rss/full/",
    lastError: "ENOTFOUND: getaddrinfo ENOTFOUND bitcoinmagazine.com",
    lastErrorReason: "The address bitcoinmagazine.com could not be found (no internet or DNS?).",
    lastErrorAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
    lastAttempt: new Date(Date.now() - 2 * MINUTE).toISOString(),
    consecutiveFailures: 3,
    nextAttempt: new Date(Date.now() + 18 * MINUTE).toISOString(),
  });

  it("says in place which source failed, why, and when it is tried again, instead of 'No articles'", async () => {
    api["GET /api/feeds"] = catalog([failing]);
    renderHome(visitor);
    const notice = await within(await sectionShown("Bitcoin News")).findByRole("alert");
    expect(notice.textContent).toContain("Bitcoin News could not be fetched from bitcoinmagazine.com");
    expect(notice.textContent).toContain("The address bitcoinmagazine.com could not be found (no internet or DNS?).");
    expect(notice.textContent).toMatch(/Failed 3 times in a row, last 2m ago .*Next try in 18 min/);
    expect(within(notice).getByRole("link", { name: "Feed status" }).getAttribute("href")).toBe("/feeds/status");
    expect(within(section("Bitcoin News")).queryByText("No articles to display")).toBeNull();
    // A feed that is simply empty still says so.
    expect(await within(section("Latest News")).findByText("No articles to display")).toBeInTheDocument();
  });

  it("'Refresh Feed' asks the server to fetch again and shows the articles once it has", async () => {
    api["GET /api/feeds"] = catalog([failing]);
    renderHome(visitor);
    const button = await within(await sectionShown("Bitcoin News")).findByRole("button", { name: "Refresh Feed" });

    const now = new Date().toISOString();
    api["POST /api/feeds/bitcoin/refresh"] = () => json({ feed: { ...failing, nextAttempt: now } }, 202);
    fireEvent.click(button);
    await waitFor(() => expect(calls).toContain("POST /api/feeds/bitcoin/refresh"));
    await within(section("Bitcoin News")).findByText("Trying again…");

    // The scheduler's attempt succeeds: the list shows a new attempt, and the feed has items.
    api["GET /api/feeds"] = catalog([
      { ...failing, lastError: null, lastErrorReason: null, lastAttempt: now, lastUpdated: now, itemCount: 1 },
    ]);
    api["GET /api/feeds/bitcoin/items"] = () => json({ items: [article("b1", "Back online")], next: null });
    await waitFor(() => expect(within(section("Bitcoin News")).getByText("Back online")).toBeInTheDocument(), {
      timeout: 6_000,
    });
    expect(within(section("Bitcoin News")).queryByRole("alert")).toBeNull();
  }, 10_000);

  it("says every feed failed when Gemwire's own feed is empty for that reason", async () => {
    api["GET /api/feeds"] = catalog([failing], "Failed to fetch feeds. Please try again later.");
    renderHome(visitor);
    const notice = await within(await sectionShown("Gemwire Top Stories")).findByRole("alert");
    expect(notice.textContent).toContain("every feed failed at its last attempt");
    expect(notice.textContent).toContain("Failed to fetch feeds. Please try again later.");
  });
});

describe("HomePage's price widget", () => {
  it("loads the twenty coins' prices beside the feeds, after the first section", async () => {
    api["GET /api/settings"] = () => json(settings);
    api["GET /api/prices"] = () =>
      json({
        prices: {
          BTC: {
            usd: 97_000,
            change24h: 1,
            marketCap: null,
            volume24h: null,
            asOf: new Date().toISOString(),
            source: "sample",
          },
        },
        unavailable: null,
      });
    renderHome(visitor);
    const market = screen.getByRole("complementary", { name: "Market" });
    const prices = await within(market).findByRole("table", { name: "Prices" });
    expect(within(prices).getAllByRole("row")).toHaveLength(21);
    await waitFor(() => expect(within(prices).getAllByRole("row")[1]?.textContent).toContain("$97,000.00"));
    expect(within(market).getByText(/sample prices/)).toBeInTheDocument();
    // In the page's order the widget follows the first section (Gemwire Top Stories) and precedes the rest.
    const top = await sectionShown("Gemwire Top Stories");
    const bitcoin = section("Bitcoin News");
    expect(top.compareDocumentPosition(market) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(market.compareDocumentPosition(bitcoin) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});

describe("HomePage's blog section", () => {
  const post = {
    id: "p1",
    slug: "why-gems",
    url: "/blog/why-gems",
    title: "Why GEMS",
    excerpt: "Play money that keeps score.",
    content: "GEMS are points.",
    author: "Mara Quill",
    date: "2026-03-02T10:00:00.000Z",
    tags: [],
    image: null,
  };

  it("comes last, after Notable Events and every feed", async () => {
    api["GET /api/settings"] = () => json(settings);
    api["GET /api/blog"] = () => json({ posts: [post], next: null });
    renderHome(visitor);
    const blog = await sectionShown("From the Blog");
    await sectionShown("Targeted Search");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings.at(-1)).toBe("From the Blog");
    expect(headings.indexOf("Notable Events")).toBeLessThan(headings.indexOf("Bitcoin News"));
    expect(within(blog).getByRole("link", { name: "Why GEMS" }).getAttribute("href")).toBe("/blog/why-gems");
  });

  it("is left out while there are no posts", async () => {
    api["GET /api/settings"] = () => json(settings);
    renderHome(visitor);
    await sectionShown("Targeted Search");
    await waitFor(() => expect(calls).toContain("GET /api/blog"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region", { name: "From the Blog" })).toBeNull();
  });
});
