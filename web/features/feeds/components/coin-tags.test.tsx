import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { CoinChips } from "../../../components/coins/coin-chips.tsx";
import { noneTagged, taggedWith } from "../../../lib/coin-filter.ts";
import { json } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { LatestNewsPage } from "./feed-page.tsx";

const visitor = { user: null, admin: false };

const item = (id: string, coins: string[]): FeedItem => ({
  id,
  title: `Story ${id}`,
  link: `https://news.example/${id}`,
  pubDate: new Date(Date.now() - 60_000).toISOString(),
  undated: false,
  description: "",
  image: null,
  source: "news.example",
  creator: "",
  votes: { up: 0, down: 0 },
  myVote: null,
  comments: 0,
  story: null,
  coins,
  read: false,
});

/** Every items request, path and query, and the items it answers per coin. */
const asked: string[] = [];
let tagged: Record<string, FeedItem[]> = {};
const all = [item("a", ["SOL", "WIF"]), item("b", ["BTC"]), item("c", [])];

beforeEach(() => {
  asked.length = 0;
  tagged = { SOL: [all[0] as FeedItem], WIF: [all[0] as FeedItem], PEPE: [] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://gemwire.test");
      if (url.pathname === "/api/feeds") return json({ feeds: [], error: null });
      if (url.pathname === "/api/feeds/news/items") {
        asked.push(`${url.pathname}${url.search}`);
        const coin = url.searchParams.get("coin");
        return json({ items: coin ? (tagged[coin] ?? []) : all, next: null });
      }
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const where = () => screen.getByTestId("where").textContent;

describe("coin chips", () => {
  it("link a coin with a token page to it, and any other coin to this list filtered by it", () => {
    renderAt(<CoinChips coins={["SOL", "WIF"]} />, { me: visitor, at: "/news?source=x" });
    const chips = within(screen.getByRole("group", { name: "Coins" }));
    expect(chips.getByRole("link", { name: "Coin: SOL" }).getAttribute("href")).toBe("/token/SOL");
    const wif = chips.getByRole("link", { name: "Coin: WIF" });
    expect(wif.getAttribute("href")).toBe("/news?source=x&coin=WIF");
    fireEvent.click(wif);
    expect(where()).toBe("/news?source=x&coin=WIF");
  });

  it("render nothing for an article that names no coin", () => {
    renderAt(<CoinChips coins={[]} />, { me: visitor });
    expect(screen.queryByRole("group", { name: "Coins" })).toBeNull();
  });

  it("lead to another list's filter when told to (a card outside any list)", () => {
    renderAt(<CoinChips coins={["WIF"]} filterOn="/" />, { me: visitor, at: "/stories" });
    expect(screen.getByRole("link", { name: "Coin: WIF" }).getAttribute("href")).toBe("/?coin=WIF");
  });
});

describe("a feed page filtered by ?coin=", () => {
  it("asks the server for the coin's articles, says so, and Clear shows every article again", async () => {
    renderAt(<LatestNewsPage />, { me: visitor, at: "/news?coin=sol" });
    const bar = await screen.findByText(/Showing articles tagged/);
    expect(bar.textContent).toBe("Showing articles tagged SOL");
    expect(await screen.findByText("Story a")).toBeInTheDocument();
    expect(screen.queryByText("Story b")).toBeNull();
    expect(asked).toEqual(["/api/feeds/news/items?limit=60&coin=SOL"]);
    // Each card of the filtered list carries the coin's chip.
    expect(screen.getAllByRole("link", { name: "Coin: SOL" })).toHaveLength(1);

    fireEvent.click(screen.getByRole("link", { name: "Clear the coin filter" }));
    expect(where()).toBe("/news");
    expect(await screen.findByText("Story b")).toBeInTheDocument();
    expect(screen.queryByText(/Showing articles tagged/)).toBeNull();
    expect(asked.at(-1)).toBe("/api/feeds/news/items?limit=60");
  });

  it("filters by a chip's coin in place", async () => {
    renderAt(<LatestNewsPage />, { me: visitor, at: "/news" });
    fireEvent.click(await screen.findByRole("link", { name: "Coin: WIF" }));
    expect(where()).toBe("/news?coin=WIF");
    expect((await screen.findByText(/Showing articles tagged/)).textContent).toBe("Showing articles tagged WIF");
    await waitFor(() => expect(asked.at(-1)).toBe("/api/feeds/news/items?limit=60&coin=WIF"));
  });

  it("says no article is tagged with the coin, rather than showing a bare empty list", async () => {
    renderAt(<LatestNewsPage />, { me: visitor, at: "/news?coin=PEPE" });
    expect(await screen.findByText(noneTagged("PEPE"))).toBeInTheDocument();
    expect(screen.queryByText("No articles to display")).toBeNull();
  });

  it("says a coin that is no symbol is ignored, and lists every article", async () => {
    renderAt(<LatestNewsPage />, { me: visitor, at: "/news?coin=S-L" });
    expect(await screen.findByText(/“S-L” is not a coin's symbol/)).toBeInTheDocument();
    expect(await screen.findByText("Story b")).toBeInTheDocument();
    expect(asked).toEqual(["/api/feeds/news/items?limit=60"]);
  });
});

describe("filtering a loaded list", () => {
  it("keeps the articles tagged with the coin, or every article without one", () => {
    expect(taggedWith(all, "SOL").map((entry) => entry.id)).toEqual(["a"]);
    expect(taggedWith(all, "DOGE")).toEqual([]);
    expect(taggedWith(all, null)).toHaveLength(3);
  });
});
