import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useSearchParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { resetDiscussion, setCommentCount, useDiscussion } from "../../../lib/discussion.ts";
import { useHiddenArticles } from "../hidden-articles.ts";
import { ArticleCard, useCardActions } from "./article-card.tsx";

const HOUR = 3_600_000;

const article = (over: Partial<FeedItem> = {}): FeedItem => ({
  id: "a1",
  title: "Bitcoin hits record high",
  link: "https://news.example/bitcoin-record",
  pubDate: new Date(Date.now() - 2 * HOUR).toISOString(),
  undated: false,
  description: "Spot ETF inflows topped $1.2 billion.",
  image: "https://img.example/btc.png",
  source: "CoinDesk",
  creator: "Helene",
  votes: { up: 2, down: 1 },
  myVote: null,
  comments: 0,
  story: null,
  coins: [],
  read: false,
  ...over,
});

const member: Me = { user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null }, admin: false };
const visitor: Me = { user: null, admin: false };

/** A card in a list whose cached feed holds the article, as on a real page. */
function Card({ item }: { item: FeedItem }) {
  const actions = useCardActions(useHiddenArticles("test"));
  return <ArticleCard item={item} actions={actions} />;
}

/** Reads the article from the feed cache, as a real list does, so optimistic changes show. */
function FromCache({ item }: { item: FeedItem }) {
  const feed = useQuery({
    queryKey: ["feeds", "items", "bitcoin"],
    queryFn: (): { items: FeedItem[] } => ({ items: [item] }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <Card item={feed.data?.items[0] ?? item} />;
}

function renderCard(item: FeedItem, me: Me, at = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["me"], me);
  client.setQueryData(["feeds", "items", "bitcoin"], { items: [item], next: null });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/" element={<FromCache item={item} />} />
          <Route path="/news" element={<FromCache item={item} />} />
          <Route path="/token/:symbol" element={<p>token page</p>} />
          <Route path="/read" element={<ReaderAt />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

/** Where the reader view was opened, for the "Read in Gemwire" link's test. */
function ReaderAt() {
  const [params] = useSearchParams();
  return <p>reader view of {params.get("url")}</p>;
}

/** What the discussion drawer would show (the drawer itself is tested in features/community). */
function OpenDiscussion() {
  const open = useDiscussion();
  return <output data-testid="discussion">{open ? `${open.contentId} | ${open.title}` : "closed"}</output>;
}

const lastToast = () => toastStore.getSnapshot()[0];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => resetDiscussion());
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

describe("ArticleCard", () => {
  it("opens the article in a new tab on a click, but not on its buttons, inputs or links", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderCard(article(), visitor);
    fireEvent.click(screen.getByText("Spot ETF inflows topped $1.2 billion."));
    expect(open).toHaveBeenCalledWith("https://news.example/bitcoin-record", "_blank", "noopener,noreferrer");
    open.mockClear();
    fireEvent.click(screen.getByRole("button", { name: /Hide article/ }));
    fireEvent.click(screen.getByRole("combobox"));
    const title = screen.getByRole("link", { name: "Bitcoin hits record high" });
    title.addEventListener("click", (event) => event.preventDefault()); // the test browser would follow it
    fireEvent.click(title);
    expect(open).not.toHaveBeenCalled();
    const link = screen.getByRole("link", { name: "Bitcoin hits record high" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("shows the picture only while it loads, and none that mentions 'undefined'", () => {
    const { view } = renderCard(article(), visitor);
    const image = view.container.querySelector("img");
    expect(image?.getAttribute("src")).toBe("https://img.example/btc.png");
    fireEvent.error(image as HTMLImageElement);
    expect(view.container.querySelector("img")).toBeNull();
    view.unmount();
    const other = renderCard(article({ image: "https://img.example/undefined" }), visitor);
    expect(other.view.container.querySelector("img")).toBeNull();
  });

  it("colours the age badge by the hour", () => {
    const { view } = renderCard(article({ pubDate: new Date(Date.now() - 13 * HOUR).toISOString() }), visitor);
    const badge = view.container.querySelector("time[data-tone]");
    expect(badge?.getAttribute("data-tone")).toBe("orange");
    expect(badge?.textContent).toBe("13h");
  });

  it("says an article its feed gave no date is undated: no age, no date made up", () => {
    const { view } = renderCard(article({ pubDate: new Date().toISOString(), undated: true }), visitor);
    expect(view.container.querySelector("time")).toBeNull();
    const undated = screen.getByText("undated");
    expect(undated.getAttribute("title")).toBe("The feed gave no date for this article");
  });

  // One rule with the server (contracts/analysis-catalog.ts): wsj.com and bloomberg.com and their subdomains are refused.
  it.each([
    ["https://www.wsj.com/finance/a", false],
    ["https://wsj.com/a", false],
    ["https://www.bloomberg.com/news/a", false],
    ["https://markets.bloomberg.com/a", false],
    ["https://WWW.BLOOMBERG.COM./a", false],
    ["https://notwsj.com/a", true],
    ["https://www.coindesk.com/a", true],
    ["ftp://files.example/a", false],
    ["", false],
    ["not a url", false],
  ] as const)("Analyze on an article at %j is enabled: %s", (link, allowed) => {
    renderCard(article({ link }), visitor);
    const analyze = screen.getByRole("button", { name: /Analyze/ }) as HTMLButtonElement;
    expect(analyze.disabled).toBe(!allowed);
    expect(analyze.title).toBe(allowed ? "" : "Articles from this site cannot be analyzed");
  });

  it("asks visitors to sign in to vote, with a link that comes back to this page, and sends nothing", () => {
    renderCard(article(), visitor, "/news");
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    expect(lastToast()).toMatchObject({
      title: "Sign in to vote",
      action: { label: "Sign in", to: "/login?next=%2Fnews" },
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/votes"))).toBe(false);
  });

  it("asks visitors to sign in to keep favorites, with the same link", () => {
    renderCard(article(), visitor, "/news");
    fireEvent.click(screen.getByRole("button", { name: "Add to favorites" }));
    expect(lastToast()).toMatchObject({
      title: "Sign in to keep favorites",
      action: { label: "Sign in", to: "/login?next=%2Fnews" },
    });
  });

  it("marks the reader's vote unmistakably: pressed, coloured, outlined and with a filled icon", () => {
    renderCard(article({ myVote: "up" }), member);
    const up = screen.getByRole("button", { name: "Vote up (2)" });
    const down = screen.getByRole("button", { name: "Vote down (1)" });
    expect(up.getAttribute("aria-pressed")).toBe("true");
    expect(down.getAttribute("aria-pressed")).toBe("false");
    // The neutral grey must not sit beside the colour: in the built CSS the grey wins.
    expect(up.className).toContain("text-emerald-300");
    expect(up.className).not.toContain("text-zinc-400");
    expect(up.className).toContain("bg-emerald-500/20");
    expect(up.querySelector("svg")?.getAttribute("class")).toContain("fill-current");
    expect(down.className).toContain("text-zinc-400");
    expect(down.querySelector("svg")?.getAttribute("class")).not.toContain("fill-current");
  });

  it("leaves out a picture it does not have: no image, no box held for one", () => {
    const { view } = renderCard(article({ image: null }), visitor);
    const card = view.container.querySelector("article") as HTMLElement;
    expect(card.querySelector("img")).toBeNull();
    // The first thing in the card is its text, not an empty picture frame.
    expect(card.firstElementChild?.textContent).toContain("CoinDesk");
  });

  it.each([
    ["the title", "Bitcoin hits record high"],
    ["the title in other case and spacing", "  bitcoin HITS   record high "],
    ["the title and the outlet", "Bitcoin hits record high  CoinDesk"],
  ])("shows no description that only repeats %s", (_name, description) => {
    const { view } = renderCard(article({ description }), visitor);
    expect(view.container.querySelector("article p")).toBeNull();
    expect(screen.getAllByText(/bitcoin hits record high/i)).toHaveLength(1);
  });

  it("shows a member's vote before the server answers, then the server's counts", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url) === "/api/votes") {
        expect(JSON.parse(String(init?.body))).toEqual({ link: "https://news.example/bitcoin-record", vote: "up" });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return new Response(JSON.stringify({ items: [] }), { status: 200 });
    });
    renderCard(article(), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    const pressed = await screen.findByRole("button", { name: "Vote up (3)" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    answer(
      new Response(
        JSON.stringify({ link: "https://news.example/bitcoin-record", votes: { up: 7, down: 1 }, myVote: "up" }),
        { status: 200 },
      ),
    );
    await screen.findByRole("button", { name: "Vote up (7)" });
  });

  it("sends quick votes one at a time, in click order, each from the reader's last intention", async () => {
    const answers: Array<(response: Response) => void> = [];
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url) !== "/api/votes") return new Response(JSON.stringify({ items: [] }), { status: 200 });
      sent.push(JSON.parse(String(init?.body)).vote);
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const answer = (up: number, myVote: string | null) =>
      answers.shift()?.(
        new Response(JSON.stringify({ link: "https://news.example/bitcoin-record", votes: { up, down: 1 }, myVote }), {
          status: 200,
        }),
      );
    renderCard(article(), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    fireEvent.click(await screen.findByRole("button", { name: "Vote up (3)" }));
    await screen.findByRole("button", { name: "Vote up (2)" });
    // The second click waits for the first answer.
    await waitFor(() => expect(sent).toEqual(["up"]));
    answer(3, "up");
    await waitFor(() => expect(sent).toEqual(["up", null]));
    answer(2, null);
    const button = await screen.findByRole("button", { name: "Vote up (2)" });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
  });

  it("rolls a refused vote back and says so", async () => {
    let refuse: () => void = () => undefined;
    fetchMock.mockImplementation(async (url: string) =>
      String(url) === "/api/votes"
        ? new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                new Response(JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }), {
                  status: 500,
                }),
              );
          })
        : new Response(JSON.stringify({ items: [] }), { status: 200 }),
    );
    renderCard(article({ votes: { up: 2, down: 1 }, myVote: "up" }), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote down (1)" }));
    await screen.findByRole("button", { name: "Vote down (2)" });
    expect(screen.getByRole("button", { name: "Vote up (1)" })).toBeInTheDocument();
    refuse();
    await screen.findByRole("button", { name: "Vote down (1)" });
    expect(screen.getByRole("button", { name: "Vote up (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(lastToast()).toMatchObject({ title: "Vote not saved", variant: "destructive" });
  });

  it("dims a hidden article and can show it again", () => {
    const { view } = renderCard(article(), visitor);
    fireEvent.click(screen.getByRole("button", { name: "Hide article" }));
    expect(view.container.querySelector("article")?.className).toContain("opacity-50");
    fireEvent.click(screen.getByRole("button", { name: "Unhide article" }));
    expect(view.container.querySelector("article")?.className).not.toContain("opacity-50");
  });

  it("copies the link when the browser cannot share, with the 'Link copied' toast", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    renderCard(article(), visitor);
    fireEvent.click(screen.getByRole("button", { name: "Share article" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("https://news.example/bitcoin-record"));
    expect(lastToast()).toMatchObject({ title: "Link copied", description: "Article link copied to clipboard" });
  });

  it("falls back to copying when sharing fails, but not when the reader cancels", async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => {
      throw new DOMException("cancelled", "AbortError");
    });
    vi.stubGlobal("navigator", { ...navigator, share, clipboard: { writeText } });
    renderCard(article(), visitor);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Share article" })));
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    share.mockImplementation(async () => {
      throw new DOMException("no", "NotAllowedError");
    });
    fireEvent.click(screen.getByRole("button", { name: "Share article" }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
  });

  it("suggests tokens as the reader types and opens the chosen token's page", async () => {
    renderCard(article(), visitor);
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "sol" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["SOLSolana"]);
    fireEvent.keyDown(box, { key: "Enter" });
    await screen.findByText("token page");
  });

  it("shows the article's comment count and opens its discussion", () => {
    renderCard(article({ comments: 3 }), visitor);
    render(<OpenDiscussion />);
    const button = screen.getByRole("button", { name: "Comments (3)" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    fireEvent.click(button);
    expect(screen.getByTestId("discussion").textContent).toBe(
      "https://news.example/bitcoin-record | Bitcoin hits record high",
    );
    // The drawer's newer count shows on the card without the feed being fetched again.
    act(() => setCommentCount("https://news.example/bitcoin-record", 4));
    expect(screen.getByRole("button", { name: "Comments (4)" })).toBeInTheDocument();
  });

  it("offers no discussion for an item without an http(s) link", () => {
    renderCard(article({ link: "" }), visitor);
    expect((screen.getByRole("button", { name: "Comments (0)" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "Read in Gemwire" })).toBeNull();
  });

  it("opens the article in the reader view from 'Read in Gemwire', in place, not in a new tab", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderCard(article(), visitor);
    const read = screen.getByRole("link", { name: "Read in Gemwire" });
    expect(read.getAttribute("href")).toBe("/read?url=https%3A%2F%2Fnews.example%2Fbitcoin-record");
    fireEvent.click(read);
    expect(screen.getByText("reader view of https://news.example/bitcoin-record")).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
