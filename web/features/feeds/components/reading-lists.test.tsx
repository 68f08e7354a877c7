import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { READ_STORAGE_KEY } from "../../../lib/read-state.ts";
import { storedFlagKey } from "../../../lib/stored-flag.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { fakeApi, feedItem, member, visitor } from "../../../test/feed-items.ts";
import { feedStatus } from "../../../test/feed-status.ts";
import { renderAt } from "../../../test/render.tsx";
import { HIDDEN_STORAGE_KEY } from "../hidden-articles.ts";
import { FavoritesPage } from "./favorites-page.tsx";
import { BitcoinNewsPage } from "./feed-page.tsx";
import { FeedSection } from "./feed-section.tsx";
import { SearchDialog } from "./search-dialog.tsx";

/*
 * Article 4 is the earliest of story "etf" (articles 1, 3 and 4); 2 and 5 are in no story.
 * The feed lists them newest first, as the server does.
 */
const feed = (): FeedItem[] => [
  feedItem(1, { story: "etf" }),
  feedItem(2),
  feedItem(3, { story: "etf", source: "Outlet 3" }),
  feedItem(4, { story: "etf" }),
  feedItem(5),
];

function api(items: FeedItem[], extra: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    "GET /api/feeds": () => json({ feeds: [feedStatus("bitcoin", "Bitcoin News")], error: null }),
    "GET /api/feeds/bitcoin/items": () => json({ items, next: null }),
    "PUT /api/reading/read": ({ body }) => json(body),
    ...extra,
  });
  vi.stubGlobal("fetch", fake.fetch);
  return fake;
}

/** The titles of the article cards shown, in order (folded rows are not cards). */
const cardTitles = () => screen.queryAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
const unread = () => screen.getAllByTestId("unread-count").map((count) => count.textContent);
const puts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.method === "PUT" && call.path === path).map((call) => call.body);

function stayOnPage(event: MouseEvent) {
  if ((event.target as Element).closest("a[href]")) event.preventDefault();
}

beforeEach(() => {
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
  // A followed link would make the test browser load the page: the clicks' effects on the list are what is tested.
  vi.spyOn(window, "open").mockReturnValue(null);
  document.addEventListener("click", stayOnPage);
});
afterEach(() => {
  document.removeEventListener("click", stayOnPage);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("folded stories on a feed page", () => {
  it("shows each story once, led by its earliest article where it first appears; '+N more sources' opens the rest in place", async () => {
    api(feed());
    renderAt(<BitcoinNewsPage />, { me: visitor });
    await screen.findByText("Article 4");
    expect(cardTitles()).toEqual(["Article 4", "Article 2", "Article 5"]);
    const more = screen.getByRole("button", { name: "+2 more sources" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    const region = document.getElementById(more.getAttribute("aria-controls") ?? "");
    expect(region?.hidden).toBe(true);
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(region?.hidden).toBe(false);
    const others = within(region as HTMLElement).getAllByRole("link");
    expect(others.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Article 3", "https://news.example/3"],
      ["Article 1", "https://news.example/1"],
    ]);
    expect(others.every((link) => link.getAttribute("rel") === "noopener noreferrer")).toBe(true);
  });

  it("'Show every article' shows them all, remembered in a visitor's browser, and never asks the server", async () => {
    const fake = api(feed());
    const { view } = renderAt(<BitcoinNewsPage />, { me: visitor });
    fireEvent.click(await screen.findByRole("button", { name: "Show every article" }));
    expect(cardTitles()).toEqual(["Article 1", "Article 2", "Article 3", "Article 4", "Article 5"]);
    expect(screen.queryByRole("button", { name: /more source/ })).toBeNull();
    expect(window.localStorage.getItem(storedFlagKey("show-every-article"))).toBe("1");
    view.unmount();
    renderAt(<BitcoinNewsPage />, { me: visitor });
    await screen.findByText("Article 1");
    expect(cardTitles()).toHaveLength(5);
    expect(screen.getByRole("button", { name: "Show every article" }).getAttribute("aria-pressed")).toBe("true");
    expect(fake.calls.some((call) => call.path === "/api/reading/preferences")).toBe(false);
  });

  it("a member's choice comes from the server and is saved there, shown before the answer", async () => {
    let answer: (response: Response) => void = () => {};
    const fake = api(feed(), {
      "GET /api/reading/preferences": () => json({ showEveryArticle: true }),
      "PUT /api/reading/preferences": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderAt(<BitcoinNewsPage />, { me: member });
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    fireEvent.click(screen.getByRole("button", { name: "Show every article" }));
    await waitFor(() => expect(cardTitles()).toEqual(["Article 4", "Article 2", "Article 5"]));
    expect(puts(fake.calls, "/api/reading/preferences")).toEqual([{ showEveryArticle: false }]);
    answer(json({ showEveryArticle: false }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Show every article" }).getAttribute("aria-pressed")).toBe("false"),
    );
    expect(window.localStorage.getItem(storedFlagKey("show-every-article"))).toBeNull();
  });

  it("a member's refused change is taken back with a toast", async () => {
    api(feed(), {
      "GET /api/reading/preferences": () => json({ showEveryArticle: false }),
      "PUT /api/reading/preferences": () => apiError(500, "failed", "Database busy"),
    });
    renderAt(<BitcoinNewsPage />, { me: member });
    fireEvent.click(await screen.findByRole("button", { name: "Show every article" }));
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Preference not saved"));
    expect(cardTitles()).toEqual(["Article 4", "Article 2", "Article 5"]);
    expect(screen.getByRole("button", { name: "Show every article" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("hiding the lead lets the story's next earliest article lead", async () => {
    api(feed());
    renderAt(<BitcoinNewsPage />, { me: visitor });
    const lead = (await screen.findByText("Article 4")).closest("article") as HTMLElement;
    fireEvent.click(within(lead).getByRole("button", { name: "Hide article" }));
    expect(cardTitles()).toEqual(["Article 3", "Article 2", "Article 5"]);
    expect(screen.getByRole("button", { name: "+1 more source" })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(HIDDEN_STORAGE_KEY) ?? "{}")["page:bitcoin"]).toEqual([
      "https://news.example/4",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Show Hidden (1)" }));
    expect(cardTitles()).toEqual(["Article 4", "Article 2", "Article 5"]);
  });
});

describe("favorites", () => {
  it("never fold: each article was chosen on its own", async () => {
    api([], { "GET /api/favorites": () => json({ items: feed() }) });
    renderAt(<FavoritesPage />, { me: member });
    await screen.findByText("Article 4");
    expect(cardTitles()).toEqual(["Article 1", "Article 2", "Article 3", "Article 4", "Article 5"]);
    expect(screen.queryByRole("button", { name: /more source/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show every article" })).toBeNull();
  });
});

describe("read state on a list", () => {
  it("opening an article by its title marks it read: dimmed, said to screen readers, counted", async () => {
    api(feed());
    renderAt(<BitcoinNewsPage />, { me: visitor });
    await screen.findByText("Article 2");
    expect(unread()).toEqual(["5 unread"]);
    fireEvent.click(screen.getByRole("link", { name: "Article 2" }));
    const card = screen.getByRole("link", { name: "Article 2" }).closest("article") as HTMLElement;
    expect(card.dataset.read).toBe("true");
    expect(card.parentElement?.className).toContain("opacity-70");
    expect(within(card).getByRole("heading").textContent).toBe("Read: Article 2");
    expect(unread()).toEqual(["4 unread"]);
  });

  it("a click on the card opens the article in a new tab and marks it read", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    api(feed());
    renderAt(<BitcoinNewsPage />, { me: visitor });
    const description = await screen.findByText("What article 5 says.");
    fireEvent.click(description);
    expect(open).toHaveBeenCalledWith("https://news.example/5", "_blank", "noopener,noreferrer");
    expect(description.closest("article")?.dataset.read).toBe("true");
  });

  it("'Mark all as read' marks every loaded article, the folded ones too", async () => {
    api(feed());
    renderAt(<BitcoinNewsPage />, { me: visitor });
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read in Bitcoin News" }));
    expect(unread()).toEqual(["0 unread"]);
    expect(screen.getByRole("button", { name: "Mark all as read in Bitcoin News" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "+2 more sources" }));
    expect(screen.getByRole("link", { name: "Article 1" }).closest("[data-read]")).toBeInTheDocument();
  });

  it("a member's 'Mark all as read' is one request with every unread link", async () => {
    const items = feed();
    items[1] = { ...(items[1] as FeedItem), read: true };
    const fake = api(items);
    renderAt(<BitcoinNewsPage />, { me: member });
    await waitFor(() => expect(unread()).toEqual(["4 unread"]));
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read in Bitcoin News" }));
    expect(unread()).toEqual(["0 unread"]);
    await waitFor(() => expect(puts(fake.calls, "/api/reading/read")).toHaveLength(1));
    const [body] = puts(fake.calls, "/api/reading/read") as { links: string[]; read: boolean }[];
    expect(body?.read).toBe(true);
    expect([...(body?.links ?? [])].sort()).toEqual(
      ["https://news.example/1", "https://news.example/3", "https://news.example/4", "https://news.example/5"].sort(),
    );
  });

  it("'Hide read' leaves read articles out (a story led by its earliest unread one), remembered per list", async () => {
    api(feed());
    const { view } = renderAt(<BitcoinNewsPage />, { me: visitor });
    fireEvent.click(await screen.findByRole("link", { name: "Article 4" }));
    fireEvent.click(screen.getByRole("link", { name: "Article 5" }));
    const hide = screen.getByRole("button", { name: "Hide read" });
    fireEvent.click(hide);
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    expect(cardTitles()).toEqual(["Article 3", "Article 2"]);
    expect(screen.getByRole("button", { name: "+1 more source" })).toBeInTheDocument();
    expect(unread()).toEqual(["3 unread"]);
    expect(window.localStorage.getItem(storedFlagKey("hide-read:page:bitcoin"))).toBe("1");
    view.unmount();
    renderAt(<BitcoinNewsPage />, { me: visitor });
    await screen.findByText("Article 3");
    expect(cardTitles()).toEqual(["Article 3", "Article 2"]);
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read in Bitcoin News" }));
    expect(screen.getByText("Every article here is read. Turn off Hide read to see them again.")).toBeInTheDocument();
  });
});

describe("a dashboard row", () => {
  function renderRow() {
    api(feed());
    return renderAt(<FeedSection feedKey="bitcoin" title="Bitcoin News" tags={[]} />, { me: visitor });
  }

  it("folds the row, counts its unread articles and marks them all read", async () => {
    renderRow();
    await screen.findByText("Article 4");
    expect(cardTitles()).toEqual(["Article 4", "Article 2", "Article 5"]);
    expect(unread()).toEqual(["5 unread"]);
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read in Bitcoin News" }));
    expect(unread()).toEqual(["0 unread"]);
    const stored = JSON.parse(window.localStorage.getItem(READ_STORAGE_KEY) ?? "[]") as [string, number][];
    expect(stored).toHaveLength(5);
  });

  it("folds within the chosen source only", async () => {
    renderRow();
    await screen.findByText("Article 4");
    fireEvent.change(screen.getByLabelText("Source for Bitcoin News"), { target: { value: "Outlet 3" } });
    expect(cardTitles()).toEqual(["Article 3"]);
    expect(screen.queryByRole("button", { name: /more source/ })).toBeNull();
    expect(unread()).toEqual(["1 unread"]);
  });

  it("follows the dashboard-wide 'Show every article' choice from another tab", async () => {
    renderRow();
    await screen.findByText("Article 4");
    window.localStorage.setItem(storedFlagKey("show-every-article"), "1");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: storedFlagKey("show-every-article"), newValue: "1" }));
    });
    expect(cardTitles()).toHaveLength(5);
  });
});

describe("search results", () => {
  const results = [
    feedItem(1, { story: "etf", title: "ETF approved" }),
    feedItem(3, { story: "etf", title: "ETF finally approved" }),
    feedItem(2, { title: "Miners sell" }),
  ];

  async function search() {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    vi.stubGlobal("fetch", fakeApi({ "GET /api/search": () => json({ results }) }).fetch);
    renderAt(<SearchDialog open onClose={() => {}} />, { me: visitor });
    const box = screen.getByRole("combobox", { name: "Search articles" });
    fireEvent.change(box, { target: { value: "etf" } });
    await screen.findByText("Miners sell", undefined, { timeout: 3000 });
    return { box, open };
  }

  const options = () => screen.getAllByRole("option").map((option) => option.textContent);

  it("shows each story once, its earliest article first, the rest behind '+N more sources'", async () => {
    const { box, open } = await search();
    expect(options()).toEqual([
      expect.stringContaining("ETF finally approved"),
      "+1 more source",
      expect.stringContaining("Miners sell"),
    ]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(options()).toEqual([
      expect.stringContaining("ETF finally approved"),
      "Hide the 1 other source",
      expect.stringContaining("ETF approved"),
      expect.stringContaining("Miners sell"),
    ]);
    expect(open).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(open).toHaveBeenCalledWith("https://news.example/1", "_blank", "noopener,noreferrer");
    // Opened: read.
    expect(screen.getAllByRole("option")[2]?.textContent).toContain("Read: ETF approved");
  });
});
