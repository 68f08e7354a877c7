import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, pricesAnswer, quote } from "../test/prices.ts";
import { PriceMarquee } from "./price-marquee.tsx";
import { TickerStrip } from "./ticker-strip.tsx";

let answerPrices: (url: URL) => Response | Promise<Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://gemwire.test");
  if (url.pathname === "/api/prices") return answerPrices(url);
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
});
const priceCalls = () =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), "http://gemwire.test").pathname === "/api/prices");

let reducedMotion = false;
function stubReducedMotion() {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query.includes("prefers-reduced-motion") && reducedMotion,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderTop(withTicker = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PriceMarquee />
        {withTicker ? <TickerStrip /> : null}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const marquee = () => screen.getByRole("region", { name: "Coin prices in US dollars" });
/** The copy of the row that is read out (the others are aria-hidden pictures of it). */
const readRow = () => within(marquee()).getAllByRole("list")[0] as HTMLElement;
const track = () => screen.getByTestId("price-marquee-track");

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  reducedMotion = false;
  stubReducedMotion();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PriceMarquee", () => {
  it("shows the five coins with price and signed, spoken 24 h change, each linking to its token page", async () => {
    answerPrices = (url) =>
      json(
        pricesAnswer(url, {
          BTC: quote(97_123.45, 2.5),
          ETH: quote(3_456.7, -1.25),
          SOL: quote(180, 0),
          XRP: quote(0.61234, 0.5),
          ADA: quote(0.45, -3),
        }),
      );
    renderTop();
    await waitFor(() =>
      expect(within(readRow()).getByRole("link", { name: /BTC/ }).textContent).toContain("$97,123.45"),
    );
    const links = within(readRow()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/token/BTC",
      "/token/ETH",
      "/token/SOL",
      "/token/XRP",
      "/token/ADA",
    ]);
    expect(links[0]?.textContent).toContain("+2.50%");
    expect(links[0]?.textContent).toContain("up 2.50%");
    expect(links[1]?.textContent).toContain("\u22121.25%");
    expect(links[1]?.textContent).toContain("down 1.25%");
    expect(links[1]?.querySelector(".text-red-400")).toBeInTheDocument();
    expect(links[2]?.textContent).toContain("unchanged");
    expect(links[3]?.textContent).toContain("$0.6123");
    // Only the first copy is read out and reachable by keyboard.
    const copies = within(marquee()).getAllByRole("list", { hidden: true });
    expect(copies.length).toBeGreaterThan(1);
    for (const copy of copies.slice(1)) {
      expect(copy.getAttribute("aria-hidden")).toBe("true");
      expect(copy.hasAttribute("inert")).toBe(true);
    }
    expect(priceCalls()).toHaveLength(1);
    expect(new URL(String(priceCalls()[0]?.[0]), "http://gemwire.test").searchParams.get("symbols")).toContain(
      "BTC,ETH",
    );
  });

  it("shows '—' for a coin without a price and for every coin when the prices cannot be loaded", async () => {
    answerPrices = (url) => json(pricesAnswer(url, { BTC: quote(97_000), ETH: null }));
    renderTop();
    await waitFor(() =>
      expect(within(readRow()).getByRole("link", { name: /BTC/ }).textContent).toContain("$97,000.00"),
    );
    const eth = within(readRow()).getByRole("link", { name: /ETH/ });
    expect(eth.textContent).toContain("—");
    expect(eth.textContent).toContain("no price now");
    expect(eth.textContent).not.toContain("%");
  });

  it.each([
    ["the server fails", () => json({ error: { code: "internal", message: "Something went wrong" } }, 500)],
    [
      "the network is down",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("shows '—' for every coin when %s, and never a blank", async (_, failing) => {
    answerPrices = failing;
    renderTop();
    await waitFor(() => expect(priceCalls()).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(readRow())
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual([
        "BTC — no price now",
        "ETH — no price now",
        "SOL — no price now",
        "XRP — no price now",
        "ADA — no price now",
      ]),
    );
  });

  it("scrolls, and stops while the keyboard is in it or the pointer is over it", async () => {
    answerPrices = (url) => json(pricesAnswer(url, { BTC: quote(97_000) }));
    renderTop();
    expect(track().className).toContain("animate-marquee");
    expect(track().style.animationPlayState).toBe("running");

    const btc = within(readRow()).getByRole("link", { name: /BTC/ });
    const eth = within(readRow()).getByRole("link", { name: /ETH/ });
    fireEvent.focus(btc);
    expect(track().style.animationPlayState).toBe("paused");
    // Moving between its own links keeps it still; leaving it lets it run again.
    fireEvent.blur(btc, { relatedTarget: eth });
    fireEvent.focus(eth);
    expect(track().style.animationPlayState).toBe("paused");
    fireEvent.blur(eth, { relatedTarget: document.body });
    expect(track().style.animationPlayState).toBe("running");

    fireEvent.mouseEnter(marquee());
    expect(track().style.animationPlayState).toBe("paused");
    fireEvent.mouseLeave(marquee());
    expect(track().style.animationPlayState).toBe("running");
  });

  it("is one still row, with no animation, for readers who ask for reduced motion", async () => {
    reducedMotion = true;
    answerPrices = (url) => json(pricesAnswer(url, { BTC: quote(97_000) }));
    renderTop();
    expect(track().className).not.toMatch(/animate/);
    expect(within(marquee()).getAllByRole("list", { hidden: true })).toHaveLength(1);
    expect(within(readRow()).getAllByRole("link")).toHaveLength(5);
    await waitFor(() =>
      expect(within(readRow()).getByRole("link", { name: /BTC/ }).textContent).toContain("$97,000.00"),
    );
  });
});

describe("TickerStrip", () => {
  it("shows every built-in token's price and change where known, '—' otherwise, from the marquee's one prices call", async () => {
    answerPrices = (url) => json(pricesAnswer(url, { BTC: quote(97_000, 1), DOGE: quote(0.1234, -2) }));
    renderTop(true);
    const ticker = screen.getByRole("navigation", { name: "Token ticker" });
    const links = within(ticker).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/token/BTC",
      "/token/ETH",
      "/token/USDT",
      "/token/BNB",
      "/token/XRP",
      "/token/SOL",
      "/token/DOGE",
      "/token/USDC",
      "/token/ADA",
      "/token/AVAX",
    ]);
    await waitFor(() => expect(within(ticker).getByRole("link", { name: /DOGE/ }).textContent).toContain("$0.1234"));
    expect(within(ticker).getByRole("link", { name: /DOGE/ }).textContent).toContain("down 2.00%");
    expect(within(ticker).getByRole("link", { name: /BTC/ }).textContent).toContain("up 1.00%");
    expect(within(ticker).getByRole("link", { name: /ETH/ }).textContent).toBe("ETH — no price now");
    // The marquee and the ticker share one request.
    expect(priceCalls()).toHaveLength(1);
  });
});
