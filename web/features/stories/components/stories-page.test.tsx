import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedStatus } from "../../../../contracts/feeds.ts";
import type { Story } from "../../../../contracts/stories.ts";
import { feedStatus } from "../../../test/feed-status.ts";
import { article, story } from "../test/stories.ts";
import { StoriesPage } from "./stories-page.tsx";

const feed = (key: FeedStatus["key"], title: string) => feedStatus(key, title);
const catalog = { feeds: [feed("gemwire", "Gemwire"), feed("bitcoin", "Bitcoin News"), feed("news", "Latest News")] };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** What /api/stories answers, by the request's address; other calls get the catalog or nothing. */
let answerStories: (url: URL) => Response | Promise<Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://gemwire.test");
  if (url.pathname === "/api/stories") return answerStories(url);
  if (url.pathname === "/api/feeds") return json({ ...catalog, error: null });
  return json({}, 404);
});
const storyCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://gemwire.test"))
    .filter((url) => url.pathname === "/api/stories")
    .map((url) => url.search);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(address = "/stories") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route
            path="/stories"
            element={
              <>
                <StoriesPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
const answer =
  (stories: Story[], next: string | null = null) =>
  () =>
    json({ stories, windowHours: 48, next });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("StoriesPage", () => {
  it("shows all sources' stories newest first, then by coverage when asked, keeping the order in the address", async () => {
    const byDate = [story({ id: "new", title: "Newest story" }), story({ id: "wide", title: "Widest story" })];
    answerStories = (url) => answer(url.searchParams.get("sort") === "coverage" ? [...byDate].reverse() : byDate)();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Stories" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading stories" })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(["Newest story", "Widest story"]));
    expect(storyCalls()).toEqual(["?feed=gemwire&sort=date"]);
    expect(screen.getByText(/from the last 48 hours/)).toBeInTheDocument();

    const byDateButton = screen.getByRole("button", { name: "Sort by Date" });
    const byCoverage = screen.getByRole("button", { name: "Sort by Coverage" });
    expect(byDateButton.getAttribute("aria-pressed")).toBe("true");
    expect(byCoverage.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(byCoverage);
    expect(byCoverage.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("address").textContent).toBe("?sort=coverage");
    await waitFor(() => expect(titles()).toEqual(["Widest story", "Newest story"]));
    expect(storyCalls().at(-1)).toBe("?feed=gemwire&sort=coverage");

    fireEvent.click(byDateButton);
    expect(screen.getByTestId("address").textContent).toBe("");
  });

  it("reads the feed and order from the address, and changing the feed asks for that feed's stories", async () => {
    answerStories = answer([story()]);
    renderPage("/stories?feed=bitcoin&sort=coverage");
    const picker = screen.getByRole("combobox", { name: "Feed" }) as HTMLSelectElement;
    expect(picker.value).toBe("bitcoin");
    await waitFor(() => expect(storyCalls()).toEqual(["?feed=bitcoin&sort=coverage"]));
    expect(screen.getByRole("button", { name: "Sort by Coverage" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(within(picker).getAllByRole("option")).toHaveLength(3));
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All sources", "Bitcoin News", "Latest News"]);

    fireEvent.change(picker, { target: { value: "news" } });
    expect(screen.getByTestId("address").textContent).toBe("?feed=news&sort=coverage");
    await waitFor(() => expect(storyCalls().at(-1)).toBe("?feed=news&sort=coverage"));
    fireEvent.change(picker, { target: { value: "gemwire" } });
    expect(screen.getByTestId("address").textContent).toBe("?sort=coverage");
  });

  it("keeps the stories on screen while a new order loads, but never shows another feed's stories", async () => {
    const pending: Array<() => void> = [];
    answerStories = (url) => {
      const shown = answer([story({ title: `${url.searchParams.get("feed")} ${url.searchParams.get("sort")}` })])();
      if (url.search === "?feed=gemwire&sort=date") return shown;
      return new Promise((resolve) => pending.push(() => resolve(shown)));
    };
    renderPage();
    expect(await screen.findByRole("heading", { name: "gemwire date" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Sort by Coverage" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Stories" }).getAttribute("aria-busy")).toBe("true"));
    expect(titles()).toEqual(["gemwire date"]);
    pending.shift()?.();
    expect(await screen.findByRole("heading", { name: "gemwire coverage" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Stories" }).getAttribute("aria-busy")).toBe("false");

    fireEvent.change(screen.getByRole("combobox", { name: "Feed" }), { target: { value: "bitcoin" } });
    expect(await screen.findByRole("status", { name: "Loading stories" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "gemwire coverage" })).toBeNull();
    pending.shift()?.();
    expect(await screen.findByRole("heading", { name: "bitcoin coverage" })).toBeInTheDocument();
  });

  it("with ?coin=, shows the stories with an article tagged with that coin, says so, and clears", async () => {
    const tagged = (id: string, title: string, coins: string[]) =>
      story({
        id,
        title,
        articles: [
          article({ id: `${id}a`, title, link: `https://a.example/${id}`, coins }),
          article({ id: `${id}b`, title: `${title} again`, link: `https://b.example/${id}`, source: "Decrypt" }),
        ],
      });
    answerStories = answer([tagged("s1", "Solana fees fall", ["SOL"]), tagged("s2", "Bitcoin ETF inflows", ["BTC"])]);
    renderPage("/stories?coin=sol");
    expect(await screen.findByRole("heading", { name: "Solana fees fall" })).toBeInTheDocument();
    expect(titles()).toEqual(["Solana fees fall"]);
    expect(screen.getByText(/Showing articles tagged/).textContent).toBe("Showing articles tagged SOL");
    fireEvent.click(screen.getByRole("link", { name: /Clear the coin filter/ }));
    expect(await screen.findByRole("heading", { name: "Bitcoin ETF inflows" })).toBeInTheDocument();
    expect(titles()).toEqual(["Solana fees fall", "Bitcoin ETF inflows"]);
  });

  it("with ?coin= that no loaded story's articles carry, says so and still offers the next page", async () => {
    const pepe = story({
      id: "s9",
      title: "PEPE rallies",
      articles: [
        article({ id: "p1", title: "PEPE rallies", link: "https://a.example/pepe", coins: ["PEPE"] }),
        article({ id: "p2", title: "PEPE rallies again", link: "https://b.example/pepe", source: "Decrypt" }),
      ],
    });
    answerStories = (url) => (url.searchParams.get("before") ? answer([pepe])() : answer([story()], "top1")());
    renderPage("/stories?coin=PEPE");
    expect(await screen.findByText("No story loaded so far has an article tagged with PEPE.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Show more/ }));
    expect(await screen.findByRole("heading", { name: "PEPE rallies" })).toBeInTheDocument();
  });

  it("says so when there are no stories, and Refresh Stories asks again", async () => {
    answerStories = answer([]);
    renderPage();
    expect(await screen.findByText("No stories found. Try refreshing the feed.")).toBeInTheDocument();
    let respond = () => {};
    answerStories = () => new Promise((resolve) => (respond = () => resolve(answer([story({ title: "At last" })])())));
    const refresh = screen.getByRole("button", { name: "Refresh Stories" }) as HTMLButtonElement;
    fireEvent.click(refresh);
    await waitFor(() => expect(refresh.disabled).toBe(true));
    respond();
    expect(await screen.findByRole("heading", { name: "At last" })).toBeInTheDocument();
    expect(refresh.disabled).toBe(false);
    expect(storyCalls()).toHaveLength(2);
  });

  it("keeps the stories on screen when a refresh fails, says so politely, and tries again", async () => {
    answerStories = answer([story({ title: "Already read" })]);
    renderPage();
    expect(await screen.findByRole("heading", { name: "Already read" })).toBeInTheDocument();

    answerStories = () => json({ error: { code: "internal", message: "Something went wrong" } }, 500);
    fireEvent.click(screen.getByRole("button", { name: "Refresh Stories" }));
    const notice = (await screen.findByText("Stories could not be refreshed. Showing the last ones loaded."))
      .parentElement as HTMLElement;
    expect(notice.getAttribute("role")).toBe("status");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(titles()).toEqual(["Already read"]);
    expect(screen.getByRole("list", { name: "Stories" }).getAttribute("aria-busy")).toBe("false");

    answerStories = answer([story({ title: "Fresh again" })]);
    fireEvent.click(within(notice).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Fresh again" })).toBeInTheDocument();
    expect(screen.queryByText(/could not be refreshed/)).toBeNull();
    expect(storyCalls()).toEqual(["?feed=gemwire&sort=date", "?feed=gemwire&sort=date", "?feed=gemwire&sort=date"]);
  });

  it("shows more stories a page at a time, from where the last page ended, until there are no more", async () => {
    answerStories = (url) => {
      const before = url.searchParams.get("before");
      if (!before)
        return answer([story({ id: "s1", title: "Story 1" }), story({ id: "s2", title: "Story 2" })], "c2")();
      if (before === "c2") return answer([story({ id: "s3", title: "Story 3" })], "c3")();
      return answer([story({ id: "s4", title: "Story 4" })])();
    };
    renderPage("/stories?sort=coverage");
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2"]));
    fireEvent.click(screen.getByRole("button", { name: "Show more stories" }));
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2", "Story 3"]));
    expect(storyCalls().at(-1)).toBe("?feed=gemwire&sort=coverage&before=c2");

    let respond = () => {};
    answerStories = () =>
      new Promise((resolve) => (respond = () => resolve(answer([story({ id: "s4", title: "Story 4" })])())));
    fireEvent.click(screen.getByRole("button", { name: "Show more stories" }));
    const loading = (await screen.findByRole("button", { name: "Loading more stories…" })) as HTMLButtonElement;
    expect(loading.disabled).toBe(true);
    respond();
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2", "Story 3", "Story 4"]));
    expect(storyCalls().at(-1)).toBe("?feed=gemwire&sort=coverage&before=c3");
    // The last page: nothing more to ask for.
    expect(screen.queryByRole("button", { name: /more stories/ })).toBeNull();
  });

  it("keeps the stories on screen when the next page fails, says so, and tries again", async () => {
    answerStories = (url) =>
      url.searchParams.get("before")
        ? json({ error: { code: "internal", message: "Something went wrong" } }, 500)
        : answer([story({ id: "s1", title: "Story 1" })], "c1")();
    renderPage();
    await waitFor(() => expect(titles()).toEqual(["Story 1"]));
    fireEvent.click(screen.getByRole("button", { name: "Show more stories" }));
    const notice = (await screen.findByText("More stories could not be loaded.")).parentElement as HTMLElement;
    expect(titles()).toEqual(["Story 1"]);
    expect(screen.queryByText(/Failed to fetch stories/)).toBeNull();

    answerStories = answer([story({ id: "s2", title: "Story 2" })]);
    fireEvent.click(within(notice).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2"]));
    expect(screen.queryByText("More stories could not be loaded.")).toBeNull();
  });

  it("says when the stories cannot be loaded, and tries again", async () => {
    answerStories = () => json({ error: { code: "internal", message: "Something went wrong" } }, 500);
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch stories. Please try again later.");
    answerStories = answer([story({ title: "Back again" })]);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Back again" })).toBeInTheDocument();
  });
});

describe("StoriesPage, opened from a link to one story (?story=)", () => {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const card = (title: string) => screen.getByRole("article", { name: title });
  const toggle = (title: string) => within(card(title)).getByRole("button", { name: /article/ });

  it("chooses the link's feed, opens that story, scrolls to it and puts focus there", async () => {
    answerStories = answer([story({ id: "s1", title: "Story 1" }), story({ id: "s2", title: "Story 2" })]);
    renderPage("/stories?feed=bitcoin&story=s2");
    expect((screen.getByRole("combobox", { name: "Feed" }) as HTMLSelectElement).value).toBe("bitcoin");
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2"]));
    expect(storyCalls()).toEqual(["?feed=bitcoin&sort=date"]);
    expect(toggle("Story 2").getAttribute("aria-expanded")).toBe("true");
    expect(within(card("Story 2")).getByRole("list", { name: /Articles on/ }).hidden).toBe(false);
    expect(toggle("Story 1").getAttribute("aria-expanded")).toBe("false");
    const linked = card("Story 2").parentElement as HTMLElement;
    expect(scrolled).toEqual([linked]);
    expect(document.activeElement).toBe(linked);
    expect(linked.getAttribute("aria-current")).toBe("true");

    // Choosing another order leaves the linked story behind.
    fireEvent.click(screen.getByRole("button", { name: "Sort by Coverage" }));
    expect(screen.getByTestId("address").textContent).toBe("?feed=bitcoin&sort=coverage");
  });

  it("loads further pages until the linked story is there", async () => {
    answerStories = (url) => {
      const before = url.searchParams.get("before");
      if (!before) return answer([story({ id: "s1", title: "Story 1" })], "c1")();
      if (before === "c1") return answer([story({ id: "s2", title: "Story 2" })], "c2")();
      return answer([story({ id: "s3", title: "Story 3" })], "c3")();
    };
    renderPage("/stories?story=s3");
    await waitFor(() => expect(titles()).toEqual(["Story 1", "Story 2", "Story 3"]));
    expect(toggle("Story 3").getAttribute("aria-expanded")).toBe("true");
    expect(scrolled).toHaveLength(1);
    expect(storyCalls()).toEqual([
      "?feed=gemwire&sort=date",
      "?feed=gemwire&sort=date&before=c1",
      "?feed=gemwire&sort=date&before=c2",
    ]);
  });

  it("says so when the linked story is no longer there, and shows the stories that are", async () => {
    answerStories = answer([story({ id: "s1", title: "Story 1" })]);
    renderPage("/stories?feed=news&story=gone");
    expect(
      await screen.findByText("The story you followed is no longer among this feed's stories."),
    ).toBeInTheDocument();
    expect(titles()).toEqual(["Story 1"]);
    expect(toggle("Story 1").getAttribute("aria-expanded")).toBe("false");
    expect(scrolled).toEqual([]);
  });
});
