import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Analysis, StoryAnalysis } from "../../../../contracts/analysis-catalog.ts";
import { AnalyzeButton } from "../../../components/ui/analyze-button.tsx";
import { type AnalysisSubject, closeAnalysis, openAnalysis, useAnalysis } from "../../../lib/analysis.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { AnalysisDialog } from "./analysis-dialog.tsx";

const visitor = { user: null, admin: false };
const article: AnalysisSubject = {
  kind: "article",
  title: "Solana outpaces rivals",
  link: "https://news.example/solana-outpaces",
};

/** An extractive analysis as the server sends it: quoted points, tickers not yet in rank order. */
function analysis(over: Partial<Analysis> = {}): Analysis {
  return {
    story_title: "Solana outpaces rivals as memecoins return",
    key_points: [
      { text: "Solana processed more transactions than any other chain last week.", paragraph: 1, position: 0 },
      { text: "Traders moved $BONK and $WIF volumes past their spring highs.", paragraph: 3, position: 412 },
      { text: "Ethereum fees fell to a three-year low.", paragraph: 4, position: 690 },
    ],
    tickers: [
      { symbol: "ETH", name: "Ethereum", mentions: 2, solana: false, token: true },
      { symbol: "SOL", name: "Solana", mentions: 5, solana: true, token: true },
      { symbol: "WIF", name: "dogwifhat", mentions: 3, solana: true, token: false },
    ],
    url: article.kind === "article" ? article.link : "",
    method: "extractive",
    analyzed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...over,
  };
}

/** The API's answers in turn (the last one repeats); every address asked is recorded. */
let answers: Array<() => Response | Promise<Response>>;
const asked: URL[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  asked.push(new URL(String(input), "http://gemwire.test"));
  const next = answers.length > 1 ? answers.shift() : answers[0];
  return next ? next() : json({}, 404);
});

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  act(() => closeAnalysis());
  vi.unstubAllGlobals();
});

/** What opens the dialog on a page, as the app layout shows it. */
function Layout() {
  const { subject } = useAnalysis();
  return subject ? <AnalysisDialog /> : null;
}

function open(subject: AnalysisSubject, ...replies: Array<() => Response | Promise<Response>>) {
  answers = replies;
  const view = renderAt(<Layout />, { me: visitor });
  act(() => openAnalysis(subject));
  return view;
}

const dialog = () => screen.getByRole("dialog", { name: /analysis/ });

describe("the analysis dialog", () => {
  it("says what it is reading while the analysis loads", async () => {
    open(article, () => new Promise<Response>(() => {}));
    const shown = dialog();
    expect(within(shown).getByRole("heading", { level: 2 }).textContent).toBe("Article analysis");
    expect(shown.textContent).toContain("Solana outpaces rivals");
    expect(
      within(shown)
        .getByText(/Reading the article on news\.example and choosing its key points/)
        .closest("[role=status]"),
    ).toBeInTheDocument();
    expect(asked[0]?.pathname).toBe("/api/analysis");
    expect(asked[0]?.searchParams.get("url")).toBe("https://news.example/solana-outpaces");
  });

  it("shows the title, each key point quoted with its paragraph, and how it was made", async () => {
    open(article, () => json(analysis()));
    expect(
      await screen.findByRole("heading", { level: 3, name: "Solana outpaces rivals as memecoins return" }),
    ).toBeInTheDocument();
    const points = within(screen.getByRole("region", { name: "Key points" })).getAllByRole("listitem");
    expect(points.map((point) => point.querySelector("blockquote")?.textContent)).toEqual([
      "Solana processed more transactions than any other chain last week.",
      "Traders moved $BONK and $WIF volumes past their spring highs.",
      "Ethereum fees fell to a three-year low.",
    ]);
    expect(points.map((point) => point.querySelector("figcaption")?.textContent)).toEqual([
      "Paragraph 1",
      "Paragraph 3",
      "Paragraph 4",
    ]);
    expect(points[0]?.querySelector("blockquote")?.getAttribute("cite")).toBe("https://news.example/solana-outpaces");

    const footer = dialog().querySelector("footer");
    expect(footer?.textContent).toContain("Key sentences chosen from the article");
    expect(footer?.textContent).toContain("Analyzed 5m ago");
    const source = within(footer as HTMLElement).getByRole("link", { name: /Open the article/ });
    expect(source.getAttribute("href")).toBe("https://news.example/solana-outpaces");
    expect(source.getAttribute("target")).toBe("_blank");
    expect(source.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("Analysis ready: 3 key points, 3 tickers.").getAttribute("role")).toBe("status");
  });

  it("ranks tickers by mentions, links only the built-in tokens, and badges Solana ones", async () => {
    open(article, () => json(analysis()));
    const list = within(await screen.findByRole("region", { name: "Tickers" })).getByRole("list");
    const chips = within(list).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent?.split(" ")[0])).toEqual(["SOL", "WIF", "ETH"]);

    const sol = within(chips[0] as HTMLElement).getByRole("link");
    expect(sol.getAttribute("href")).toBe("/token/SOL");
    expect(sol.textContent).toContain("5×");
    expect(sol.textContent).toContain("named 5 times");
    expect(sol.textContent).toContain("Solana token");

    // dogwifhat is named but is no built-in token: a chip, not a link.
    expect(within(chips[1] as HTMLElement).queryByRole("link")).toBeNull();
    expect(chips[1]?.textContent).toContain("dogwifhat");
    expect(chips[1]?.textContent).toContain("Solana token");
    expect(
      within(chips[2] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/token/ETH");
    expect(chips[2]?.textContent).not.toContain("Solana token");
  });

  it("closes on the way to a token's page", async () => {
    open(article, () => json(analysis()));
    fireEvent.click(await screen.findByRole("link", { name: /^SOL/ }));
    expect(screen.getByTestId("where").textContent).toBe("/token/SOL");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says when no tickers are found, and marks an LLM's points as summaries, not quotes", async () => {
    open(article, () =>
      json(
        analysis({
          method: "llm",
          tickers: [],
          key_points: [{ text: "Solana leads on activity.", paragraph: null, position: null }],
        }),
      ),
    );
    expect(await screen.findByText("No tickers found")).toBeInTheDocument();
    const point = within(screen.getByRole("region", { name: "Key points" })).getByRole("listitem");
    expect(point.querySelector("blockquote")).toBeNull();
    expect(point.textContent).toBe("Solana leads on activity.Summary");
    expect(dialog().querySelector("footer")?.textContent).toContain("Summarized by AI");
  });

  it.each([
    ["no story_title", { key_points: [], tickers: [] }],
    ["key_points that is no list", { story_title: "A", key_points: "one, two", tickers: [] }],
    ["a key point without text", { story_title: "A", key_points: [{ paragraph: 1 }], tickers: [] }],
    ["no object at all", "Solana is up"],
  ])("says 'Invalid analysis data structure' for an answer with %s", async (_, body) => {
    open(article, () => json(body));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid analysis data structure");
    expect(alert.textContent).not.toContain("Analysis failed");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("shows 'Analysis failed' with the server's reason, and Retry asks again", async () => {
    open(
      article,
      () => apiError(502, "bad_gateway", "Analysis failed: news.example answered 503"),
      () => json(analysis()),
    );
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("p")?.textContent).toBe("Analysis failed");
    expect(alert.textContent).toContain("news.example answered 503");
    expect(alert.textContent).not.toContain("Analysis failed: ");
    // The alert speaks for the failure; the dialog's status line stays quiet.
    expect(dialog().querySelector("p.sr-only[role=status]")?.textContent).toBe("");

    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(
      await screen.findByRole("heading", { level: 3, name: "Solana outpaces rivals as memecoins return" }),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks the reader to wait when analyses are rate-limited", async () => {
    open(article, () => apiError(429, "rate_limited", "Too many attempts. Try again in 40 seconds."));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Analysis failed");
    expect(alert.textContent).toContain("Try again in 40 seconds.");
    expect(alert.textContent).toContain("Wait a moment before trying again.");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("offers no Retry for an address the server refuses", async () => {
    open(article, () => apiError(400, "invalid_request", "url must be an http(s) article address"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("url must be an http(s) article address");
    expect(within(alert).queryByRole("button")).toBeNull();
  });

  it("analyses a blog post from its /blog/<slug>, with nothing to open elsewhere", async () => {
    open({ kind: "post", title: "Why GEMS", url: "/blog/why-gems" }, () =>
      json(analysis({ url: "/blog/why-gems", tickers: [] })),
    );
    expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Blog post analysis");
    expect(dialog().textContent).toContain("Reading the blog post");
    await screen.findByRole("heading", { level: 3 });
    expect(asked[0]?.searchParams.get("url")).toBe("/blog/why-gems");
    expect(dialog().querySelector("footer")?.textContent).toContain("Key sentences chosen from the post");
    expect(within(dialog()).queryByRole("link", { name: /Open the/ })).toBeNull();
  });

  it("analyses a whole story: says across how many articles and which one led", async () => {
    const story: AnalysisSubject = {
      kind: "story",
      title: "Solana outpaces rivals",
      feed: "bitcoin",
      story: "st-42",
      articles: [
        { title: "Solana outpaces rivals", link: "https://coindesk.example/sol", source: "CoinDesk" },
        { title: "SOL beats ETH on volume", link: "https://decrypt.example/sol", source: "Decrypt" },
        { title: "Memecoins are back", link: "https://theblock.example/memes", source: "The Block" },
      ],
    };
    const answer: StoryAnalysis = {
      ...analysis({ url: "https://decrypt.example/sol" }),
      lead: "https://decrypt.example/sol",
      articles: 3,
    };
    open(story, () => json(answer));
    expect(dialog().textContent).toContain("counting tickers across its 3 articles");
    await screen.findByRole("heading", { level: 3 });
    expect(asked[0]?.pathname).toBe("/api/analysis/story");
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ feed: "bitcoin", story: "st-42" });
    expect(dialog().textContent).toContain(
      "Across 3 articles · key points from the lead article, by Decrypt: “SOL beats ETH on volume”",
    );
    const lead = within(dialog()).getByRole("link", { name: /Open the lead article/ });
    expect(lead.getAttribute("href")).toBe("https://decrypt.example/sol");
  });

  it("closes on Escape", async () => {
    open(article, () => json(analysis()));
    await screen.findByRole("heading", { level: 3 });
    fireEvent.keyDown(dialog(), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("an Analyze button", () => {
  it("waits and says so while its analysis loads, and is free again once the answer is in", async () => {
    let answer: (response: Response) => void = () => {};
    answers = [() => new Promise<Response>((resolve) => (answer = resolve))];
    renderAt(
      <>
        <AnalyzeButton subject={article} className="" />
        <AnalyzeButton
          subject={{ ...article, link: "https://news.example/other" }}
          label="Analyze other"
          className=""
        />
        <Layout />
      </>,
      { me: visitor },
    );
    fireEvent.click(screen.getByRole("button", { name: "Analyze" }));
    const busy = screen.getByRole("button", { name: "Analyzing…", hidden: true }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Analyze other", hidden: true }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await act(async () => answer(json(analysis())));
    await waitFor(() => expect(busy.disabled).toBe(false));
    expect(busy.textContent).toBe("Analyze");
  });
});
