import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, prediction } from "../../test/api-fixtures.ts";
import { BlurtsWithPredictionsPage } from "./blurts-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("/blurts", () => {
  it("shows each prediction with the GEMS card: token, direction, percentage, timeframe, wager, status and record", async () => {
    const won = prediction({
      id: "p9",
      username: "Satoshi",
      token: "ETH",
      direction: "down",
      percentage: 2.5,
      timeFrame: "1h",
      wager: 300,
      status: "won",
      completed_at: new Date().toISOString(),
      exit: { usd: 3_000, source: "api.coingecko.com", at: new Date().toISOString() },
      payout: 307,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ blurts: [{ kind: "prediction", prediction: won }], next: null })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["me"], { user: null, admin: false });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/blurts"]}>
          <BlurtsWithPredictionsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByRole("article", { name: "ETH down 2.5% in 1h" });
    const entry = card.closest("li") as HTMLElement;
    expect(within(entry).getByText("Satoshi")).toBeInTheDocument();
    expect(card.textContent).toContain("ETH short ↓ 2.5% in 1h");
    expect(card.textContent).toContain("Won");
    expect(card.textContent).toMatch(/Staked\s*300/);
    expect(card.textContent).toMatch(/Payout\s*307/);
    expect(card.textContent).toContain("Entry");
    expect(card.textContent).toContain("Exit");
  });
});
