import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeaderboardMember } from "../../../../contracts/gems.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { LeaderboardPage } from "./leaderboard-page.tsx";

let answer: (period: string | null) => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://gemwire.test");
  if (url.pathname !== "/api/leaderboard") return apiError(404, "not_found", "Not found");
  return answer(url.searchParams.get("period"));
});

const member = (over: Partial<LeaderboardMember>): LeaderboardMember => ({
  handle: "satoshi",
  username: null,
  avatar: null,
  net: 0,
  won: 0,
  resolved: 1,
  winRate: 0,
  ...over,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LeaderboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("LeaderboardPage", () => {
  it("ranks members as the server orders them, with net GEMS, win rate and resolved count", async () => {
    answer = () =>
      json({
        members: [
          member({ handle: "ada", username: "Ada", net: 1250, won: 3, resolved: 4, winRate: 0.75 }),
          member({ handle: "bob", net: 0, won: 1, resolved: 2, winRate: 0.5 }),
          member({ handle: "cy", net: -300, won: 0, resolved: 3, winRate: 0 }),
        ],
      });
    renderPage();
    await screen.findByRole("table", { name: "Leaderboard, all time" });
    expect(rows()).toEqual([
      ["1", "Ada@ada", "+1,250", "75% (3 won)", "4"],
      ["2", "bob", "0", "50% (1 won)", "2"],
      ["3", "cy", "\u2212300", "0% (0 won)", "3"],
    ]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/leaderboard?period=all"]);
  });

  it("switches to the last 7 days, and says so when nobody had a prediction resolved then", async () => {
    answer = (period) => json({ members: period === "all" ? [member({ net: 50, won: 1, winRate: 1 })] : [] });
    renderPage();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Last 7 days" }));
    expect(screen.getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByText("No prediction was resolved in the last 7 days.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/leaderboard?period=7d");
  });

  it("has an empty state for all time", async () => {
    answer = () => json({ members: [] });
    renderPage();
    expect(await screen.findByText(/No prediction has been resolved yet/)).toBeInTheDocument();
  });

  it("says when it cannot load, and tries again", async () => {
    let fail = true;
    answer = () => (fail ? apiError(500, "internal", "Something went wrong") : json({ members: [member({})] }));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load the leaderboard");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});
