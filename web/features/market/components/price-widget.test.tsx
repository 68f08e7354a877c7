import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { widgetCoins } from "../../../../contracts/market-catalog.ts";
import { formatClock } from "../format.ts";
import { json, pricesAnswer, quote } from "../test/prices.ts";
import { PriceWidget } from "./price-widget.tsx";

let answerPrices: (url: URL) => Response | Promise<Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://gemwire.test");
  if (url.pathname === "/api/prices") return answerPrices(url);
  return json({}, 404);
});

function renderWidget() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PriceWidget />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole("table", { name: "Prices" });
const rows = () => within(table()).getAllByRole("row").slice(1);
const row = (symbol: string) => rows().find((r) => r.textContent?.startsWith(symbol)) as HTMLElement;

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("PriceWidget", () => {
  it("lists the twenty coins in US dollars with their 24 h change, asking for all of them at once", async () => {
    answerPrices = (url) =>
      json(pricesAnswer(url, { BTC: quote(97_000, 2), SHIB: quote(0.00001234, -4.5), LINK: quote(14.2, null) }));
    renderWidget();
    expect(table().getAttribute("aria-busy")).toBe("true");
    expect(rows()).toHaveLength(20);
    await waitFor(() => expect(table().getAttribute("aria-busy")).toBe("false"));
    expect(rows().map((r) => within(r).getByRole("rowheader").textContent)).toEqual(
      widgetCoins.map((coin) => `${coin.symbol}${coin.name}`),
    );
    expect(row("BTC").textContent).toContain("$97,000.00");
    expect(row("BTC").textContent).toContain("up 2.00%");
    expect(row("SHIB").textContent).toContain("$0.00001234");
    expect(row("SHIB").textContent).toContain("\u22124.50%");
    expect(row("LINK").textContent).toContain("change unknown");
    expect(row("TRX").textContent).toContain("—");
    // Built-in tokens link to their pages; the other coins have none.
    expect(within(row("BTC")).getByRole("link").getAttribute("href")).toBe("/token/BTC");
    expect(within(row("TRX")).queryByRole("link")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();

    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://gemwire.test").searchParams.get("symbols");
    expect(asked?.split(",")).toEqual(widgetCoins.map((coin) => coin.symbol));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says why prices are unavailable and when they are asked for again, with '—' in place", async () => {
    const retryAt = new Date(Date.now() + 60_000).toISOString();
    answerPrices = (url) =>
      json(pricesAnswer(url, {}, { reason: "The price service did not answer in time.", lastGood: {}, retryAt }));
    renderWidget();
    const line = await screen.findByRole("status");
    expect(line.textContent).toBe(
      `Prices are unavailable right now: The price service did not answer in time. They will be asked for again at ${formatClock(retryAt)}.`,
    );
    expect(rows().every((r) => r.textContent?.includes("—"))).toBe(true);
  });

  it("says so when our server cannot be reached", async () => {
    answerPrices = () => {
      throw new TypeError("Failed to fetch");
    };
    renderWidget();
    const line = await screen.findByRole("status");
    expect(line.textContent).toMatch(
      /^Prices are unavailable right now: Cannot reach Gemwire\. Check your connection and try again\. They will be asked for again at /,
    );
    expect(row("ETH").textContent).toContain("—");
  });
});
