import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me, Member } from "../../../../contracts/accounts.ts";
import type { Predictions } from "../../../../contracts/gems.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { apiError, json, prediction } from "../../../test/api-fixtures.ts";
import { PredictionsPage } from "./predictions-page.tsx";

const satoshi: Member = { id: "u1", handle: "satoshi", username: null, email: null, avatar: null };
const HOUR = 3_600_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

let answer: (url: URL) => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), "http://gemwire.test")));

function renderPage(user: Member | null = satoshi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(["me"], { user, admin: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/predictions"]}>
        <PredictionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const page = (predictions: Predictions["predictions"], next: string | null = null) => json({ predictions, next });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("PredictionsPage", () => {
  it("lists open predictions with a live countdown, then resolved ones with outcome, payout and record", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const won = prediction({
      id: "w",
      token: "ETH",
      percentage: 1,
      wager: 100,
      status: "won",
      created_at: at(2 * HOUR),
      completed_at: at(HOUR),
      endsAt: at(HOUR + 60_000),
      entry: { usd: 3000, source: "api.coingecko.com", at: at(2 * HOUR) },
      exit: { usd: 3060, source: "api.coingecko.com", at: at(HOUR) },
      payout: 200,
    });
    const voided = prediction({
      id: "v",
      token: "SOL",
      direction: "down",
      status: "void",
      completed_at: at(HOUR),
      payout: 100,
      note: "No price could be had for 24 hours after it ended; the stake was refunded.",
    });
    const open = prediction({ id: "o", endsAt: new Date(Date.now() + 245_000).toISOString() });
    answer = (url) => {
      expect(url.pathname + url.search).toBe("/api/predictions?mine=1");
      return page([open, won, voided]);
    };
    renderPage();

    const openList = await screen.findByRole("region", { name: "Open predictions" });
    const openItem = within(openList).getByRole("listitem", { name: "BTC up 1% in 5m" });
    expect(openItem.textContent).toContain("Ends in4m 05s");
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(openItem.textContent).toContain("Ends in4m 03s");

    const resolved = screen.getByRole("region", { name: "Resolved predictions" });
    const wonItem = within(resolved).getByRole("listitem", { name: "ETH up 1% in 5m" });
    expect(wonItem.textContent).toContain("Won");
    expect(wonItem.textContent).toContain("Payout200 GEMS");
    expect(wonItem.textContent).toContain(`Entry$3,000.00 at ${formatDateTime(won.entry.at)} · api.coingecko.com`);
    expect(wonItem.textContent).toContain(`Exit$3,060.00 at ${formatDateTime(won.exit?.at ?? "")} · api.coingecko.com`);
    const voidItem = within(resolved).getByRole("listitem", { name: "SOL down 1% in 5m" });
    expect(voidItem.textContent).toContain("Void");
    expect(voidItem.textContent).toContain("Refunded100 GEMS");
    expect(voidItem.textContent).toContain("stake was refunded");
  });

  it("says an ended open prediction waits for its price", async () => {
    answer = () => page([prediction({ endsAt: at(5_000) })]);
    renderPage();
    expect((await screen.findByRole("listitem")).textContent).toContain("Ended — waiting for the price to resolve it");
  });

  it("shows the server's note on what an ended prediction waits for once, in place of the countdown", async () => {
    const note =
      "Ended; waiting for a BTC price from after its end. Without one within 24 hours of the end, it is void and the stake refunded.";
    answer = () => page([prediction({ endsAt: at(5_000), note })]);
    renderPage();
    const item = await screen.findByRole("listitem");
    expect(item.textContent).toContain(`Ends in${note}`);
    expect(item.textContent?.split(note)).toHaveLength(2);
    expect(item.textContent).not.toContain("Why");
  });

  it("shows 'Failed to load predictions' and tries again on request", async () => {
    let fail = true;
    answer = () => (fail ? apiError(500, "internal", "Something went wrong") : page([prediction({ status: "lost" })]));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load predictions");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("listitem")).textContent).toContain("Lost");
  });

  it("has an empty state pointing at the tokens", async () => {
    answer = () => page([]);
    renderPage();
    expect((await screen.findByText(/No predictions yet/)).textContent).toContain("Tokens");
    expect(screen.getByRole("link", { name: "Tokens" }).getAttribute("href")).toBe("/tokens");
  });

  it("loads older predictions with the page's cursor", async () => {
    answer = (url) =>
      url.searchParams.get("before") === "c1"
        ? page([prediction({ id: "old", token: "ADA", status: "lost" })])
        : page([prediction({ id: "new", status: "won", payout: 200 })], "c1");
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Show older predictions" }));
    expect(await screen.findByRole("listitem", { name: "ADA up 1% in 5m" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show older predictions" })).toBeNull();
  });

  it("asks a visitor to sign in, and links the leaderboard", () => {
    answer = () => page([]);
    renderPage(null);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Fpredictions");
    expect(screen.getByRole("link", { name: "Leaderboard" }).getAttribute("href")).toBe("/leaderboard");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
