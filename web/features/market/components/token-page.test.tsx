import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PriceHistory, TokenNewsItem } from "../../../../contracts/market.ts";
import { formatClock } from "../format.ts";
import { sampleHolders } from "../sample-data.ts";
import { json, pricesAnswer, quote } from "../test/prices.ts";
import { TokenPage } from "./token-page.tsx";

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The fake API: prices, history by range, news; each test sets what they answer. */
let answerPrices: (url: URL) => Response | Promise<Response>;
let answerHistory: (range: string) => Response | Promise<Response>;
let answerNews: () => Response | Promise<Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://gemwire.test");
  if (url.pathname === "/api/prices") return answerPrices(url);
  if (/^\/api\/tokens\/\w+\/history$/.test(url.pathname)) return answerHistory(url.searchParams.get("range") ?? "");
  if (/^\/api\/tokens\/\w+\/news$/.test(url.pathname)) return answerNews();
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
});
const calls = () => fetchMock.mock.calls.map(([input]) => String(input));

const history = (range: string, recordedSince: string | null, points: Array<[number, number]>): PriceHistory => ({
  symbol: "BTC",
  range: range as PriceHistory["range"],
  recordedSince,
  points: points.map(([msAgo, usd]) => ({ t: ago(msAgo), usd })),
});

function newsItem(over: Partial<TokenNewsItem> = {}): TokenNewsItem {
  return {
    id: "n1",
    title: "Bitcoin tops $97,000 as ETF inflows grow",
    link: "https://news.example/btc-97k",
    pubDate: ago(HOUR),
    undated: false,
    description: "Spot ETFs took in $1.2 billion.",
    image: null,
    source: "Blockline Daily",
    creator: "Mara Quill",
    votes: { up: 0, down: 0 },
    feed: "bitcoin",
    story: null,
    coins: [],
    ...over,
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderToken(symbol = "btc") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/token/${symbol}`]}>
        <Routes>
          <Route
            path="/token/:symbol"
            element={
              <TokenPage
                predictionSlot={(token) => (
                  <p data-testid="prediction-slot">{`${token.symbol} ${token.name} ${token.price}`}</p>
                )}
              />
            }
          />
          <Route path="/stories" element={<p>Stories page</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const figures = () => screen.getByRole("region", { name: "Bitcoin market figures" });
const figure = (label: string) =>
  within(figures())
    .getAllByRole("definition")
    .find((dd) => dd.previousElementSibling?.textContent?.startsWith(label))?.textContent;
const chart = () => screen.getByRole("region", { name: "Price chart" });
const rangeButton = (name: string) => within(chart()).getByRole("button", { name });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  answerPrices = (url) =>
    json(pricesAnswer(url, { BTC: quote(97_000, 2.5, { marketCap: 1.92e12, volume24h: 3.85e10 }) }));
  answerHistory = (range) =>
    json(
      history(range, ago(3 * 86_400_000), [
        [2 * HOUR, 95_000],
        [HOUR, 96_000],
        [0, 97_000],
      ]),
    );
  answerNews = () => json({ items: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe("TokenPage", () => {
  it("says 'Token not found' for a symbol outside the built-in list, and asks for nothing", () => {
    renderToken("NOPE");
    expect(screen.getByRole("heading", { level: 1, name: "Token not found" })).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it("shows the token's name, price, change, market cap, volume, and sample holders labelled so", async () => {
    renderToken("btc");
    expect(screen.getByRole("heading", { level: 1, name: "Bitcoin (BTC)" })).toBeInTheDocument();
    await waitFor(() => expect(figure("Price")).toBe("$97,000.00"));
    expect(figure("24 h change")).toBe("+2.50%up 2.50%");
    expect(figure("Market cap")).toBe("$1.92T");
    expect(figure("24 h volume")).toBe("$38.5B");
    const holders = sampleHolders("BTC");
    expect(figure("Total holders")).toBe(holders.totalHolders.toLocaleString("en-US"));
    expect(within(figures()).getByText("Sample")).toBeInTheDocument();

    const analytics = screen.getByRole("region", { name: "Holder analytics" });
    expect(within(analytics).getByText("Sample data")).toBeInTheDocument();
    expect(analytics.textContent).toContain(`Average holding time${holders.averageHoldingDays} days`);
    expect(analytics.textContent).toContain("Top holder balance");
    expect(analytics.textContent).toContain("Top 10 holders share");
    expect(analytics.textContent).toContain(`Unique holders${holders.uniqueHolders.toLocaleString("en-US")}`);

    // The prediction panel's slot is handed the token and its live price.
    await waitFor(() => expect(screen.getByTestId("prediction-slot").textContent).toBe("BTC Bitcoin 97000"));
  });

  it("shows '—' and says why there is no price, since when, and when it is asked for again", async () => {
    const lastGood = ago(10 * 60_000);
    const retryAt = new Date(Date.now() + 30_000).toISOString();
    answerPrices = (url) =>
      json(
        pricesAnswer(
          url,
          {},
          { reason: "The price service answered 429 (too many requests).", lastGood: { BTC: lastGood }, retryAt },
        ),
      );
    renderToken();
    const note = await screen.findByText(/^No price for Bitcoin right now/);
    expect(note.textContent).toBe(
      `No price for Bitcoin right now: The price service answered 429 (too many requests). The last good price was at ${formatClock(lastGood)}. Prices will be asked for again at ${formatClock(retryAt)}.`,
    );
    expect(figure("Price")).toBe("—");
    expect(figure("Market cap")).toBe("—");
    expect(figure("24 h volume")).toBe("—");
    expect(figure("24 h change")).toBe("—change unknown");
  });

  it("charts the recorded prices once two hours are recorded, and each range button asks for its range", async () => {
    renderToken();
    const svg = await within(chart()).findByRole("img");
    expect(svg.querySelector("title")?.textContent).toBe("Bitcoin price in US dollars over the last 24 hours");
    expect(svg.querySelector("desc")?.textContent).toMatch(/^Line chart of 3 recorded prices, from /);
    expect(within(chart()).queryByText("Sample data")).toBeNull();
    const figuresText = chart().querySelector("dl")?.textContent;
    expect(figuresText).toBe("Low$95,000.00High$97,000.00Last$97,000.00");
    expect(rangeButton("24h").getAttribute("aria-pressed")).toBe("true");
    expect(calls()).toContain("/api/tokens/BTC/history?range=24h");

    answerHistory = (range) =>
      json(
        history(range, ago(3 * 86_400_000), [
          [5 * 86_400_000, 80_000],
          [0, 97_000],
        ]),
      );
    fireEvent.click(rangeButton("7d"));
    expect(rangeButton("7d").getAttribute("aria-pressed")).toBe("true");
    expect(rangeButton("24h").getAttribute("aria-pressed")).toBe("false");
    await waitFor(() =>
      expect(within(chart()).getByRole("img").querySelector("title")?.textContent).toBe(
        "Bitcoin price in US dollars over the last 7 days",
      ),
    );
    expect(chart().querySelector("dl")?.textContent).toBe("Low$80,000.00High$97,000.00Last$97,000.00");
    expect(calls()).toContain("/api/tokens/BTC/history?range=7d");
    for (const name of ["1h", "24h", "7d", "30d"]) expect(rangeButton(name).tagName).toBe("BUTTON");
  });

  it.each([
    ["nothing is recorded yet", null],
    ["less than two hours are recorded", ago(90 * 60_000)],
  ])("shows the 50 generated points labelled sample data while %s", async (_, since) => {
    answerHistory = (range) =>
      json(
        history(
          range,
          since,
          since
            ? [
                [HOUR, 96_500],
                [0, 97_000],
              ]
            : [],
        ),
      );
    renderToken();
    const svg = await within(chart()).findByRole("img");
    expect(within(chart()).getByText("Sample data")).toBeInTheDocument();
    expect(chart().textContent).toContain("Fewer than 2 hours of Bitcoin prices are recorded so far");
    expect(svg.querySelector("title")?.textContent).toBe(
      "Bitcoin price in US dollars over the last 24 hours (sample data)",
    );
    expect(svg.querySelector("desc")?.textContent).toMatch(
      /^Line chart of 50 generated sample points, not real prices/,
    );
    await waitFor(() => expect(chart().querySelector("dl")?.textContent).toContain("Last$97,000.00"));
  });

  it("says so when the range has too few recorded prices, or the history cannot be loaded", async () => {
    answerHistory = (range) => json(history(range, ago(3 * 86_400_000), [[0, 97_000]]));
    renderToken();
    expect(
      await within(chart()).findByText("Not enough Bitcoin prices recorded in the last 24 hours."),
    ).toBeInTheDocument();

    answerHistory = () => json({ error: { code: "internal", message: "Something went wrong" } }, 500);
    fireEvent.click(rangeButton("1h"));
    const alert = await within(chart()).findByRole("alert");
    expect(alert.textContent).toContain("The price history could not be loaded.");
    answerHistory = (range) =>
      json(
        history(range, ago(3 * 86_400_000), [
          [HOUR, 96_000],
          [0, 97_000],
        ]),
      );
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(chart()).findByRole("img")).toBeInTheDocument();
  });

  it("lists the news about the token, newest first, linking to each article and to its story", async () => {
    answerNews = () =>
      json({
        items: [
          newsItem({ story: { id: "story-42", title: "Bitcoin at a record", feed: "bitcoin" } }),
          newsItem({
            id: "n2",
            title: "Miners sell less bitcoin",
            link: "https://news.example/miners",
            pubDate: ago(5 * HOUR),
          }),
        ],
      });
    renderToken();
    const news = await screen.findByRole("list", { name: "News about Bitcoin" });
    const articles = within(news).getAllByRole("listitem");
    expect(articles.map((item) => within(item).getAllByRole("link")[0]?.textContent)).toEqual([
      "Bitcoin tops $97,000 as ETF inflows grow (opens in a new tab)",
      "Miners sell less bitcoin (opens in a new tab)",
    ]);
    const first = within(articles[0] as HTMLElement).getAllByRole("link")[0] as HTMLAnchorElement;
    expect(first.getAttribute("href")).toBe("https://news.example/btc-97k");
    expect(first.target).toBe("_blank");
    expect(first.rel).toBe("noopener noreferrer");
    expect(within(articles[1] as HTMLElement).queryByRole("link", { name: /Open the story/ })).toBeNull();
    expect(calls()).toContain("/api/tokens/BTC/news?limit=10");

    fireEvent.click(
      within(articles[0] as HTMLElement).getByRole("link", { name: "Open the story: Bitcoin at a record" }),
    );
    expect(screen.getByTestId("address").textContent).toBe("/stories?feed=bitcoin&story=story-42");
  });

  it("shows each story once in the news, its earliest article leading, the others one click away", async () => {
    const story = { id: "story-42", title: "Bitcoin at a record", feed: "bitcoin" };
    answerNews = () =>
      json({
        items: [
          newsItem({ id: "n1", title: "Bitcoin tops $97,000", link: "https://a.example/1", pubDate: ago(HOUR), story }),
          newsItem({ id: "n2", title: "Miners sell less", link: "https://b.example/2", pubDate: ago(2 * HOUR) }),
          newsItem({
            id: "n3",
            title: "Bitcoin at $97,000",
            link: "https://c.example/3",
            pubDate: ago(3 * HOUR),
            story,
          }),
          newsItem({
            id: "n4",
            title: "Bitcoin record high",
            link: "https://d.example/4",
            pubDate: ago(4 * HOUR),
            story,
          }),
        ],
      });
    renderToken();
    const news = await screen.findByRole("list", { name: "News about Bitcoin" });
    const leads = () =>
      within(news)
        .getAllByRole("listitem")
        .map((item) => within(item).getAllByRole("link")[0]?.textContent);
    // Where the story first stands, led by its earliest article.
    expect(leads()).toEqual(["Bitcoin record high (opens in a new tab)", "Miners sell less (opens in a new tab)"]);
    const more = within(news).getByRole("button", { name: "+2 more sources" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(within(news).getByRole("link", { name: /Bitcoin tops \$97,000/ })).toBeInTheDocument();
    expect(within(news).getByRole("link", { name: /Bitcoin at \$97,000/ })).toBeInTheDocument();
  });

  it("says when there is no news about the token yet", async () => {
    renderToken();
    expect(await screen.findByText("No news about Bitcoin yet")).toBeInTheDocument();
  });

  it("says when the news cannot be loaded, and tries again", async () => {
    answerNews = () => json({ error: { code: "internal", message: "Something went wrong" } }, 500);
    renderToken();
    const region = screen.getByRole("region", { name: "News about Bitcoin" });
    const alert = await within(region).findByRole("alert");
    expect(alert.textContent).toContain("News about Bitcoin could not be loaded.");
    answerNews = () => json({ items: [newsItem()] });
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(region).findByRole("link", { name: /Bitcoin tops/ })).toBeInTheDocument();
  });
});
