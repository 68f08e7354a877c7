import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stories } from "../test/stories.ts";
import { TopStoriesDialog } from "./top-stories-dialog.tsx";

/** What /api/stories answers; other calls (the site settings) get nothing. */
let answer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
  String(input).startsWith("/api/stories?") ? answer() : json({}, 404),
);
const storyCalls = () =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/stories"));

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TopStoriesDialog open onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

/** A group's entries as their visible text: "1.Story 1…". */
const group = (name: string) =>
  within(screen.getByRole("region", { name }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("span")?.textContent);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("TopStoriesDialog", () => {
  it("asks for the 10 top-ranked stories and numbers the first 3 under Trending Now, the rest under More Stories", async () => {
    answer = () => json({ stories: stories(5), windowHours: 48 });
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Top Stories Summary" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Trending Now" })).toBeInTheDocument();
    expect(storyCalls()).toEqual(["/api/stories?feed=gemwire&limit=10"]);

    expect(group("Trending Now")).toEqual(["1.", "2.", "3."]);
    expect(group("More Stories")).toEqual(["4.", "5."]);
    const trending = within(screen.getByRole("region", { name: "Trending Now" })).getAllByRole("listitem");
    expect(trending.map((item) => item.querySelector("a")?.textContent)).toEqual(["Story 1", "Story 2", "Story 3"]);
    expect(trending[0]?.textContent).toMatch(/Outlet 1 · 2 sources · 2h ago$/);

    const link = screen.getByRole("link", { name: "Story 4" });
    expect(link.getAttribute("href")).toBe("https://coindesk.example/bitcoin-record");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("leaves More Stories out with 3 stories or fewer", async () => {
    answer = () => json({ stories: stories(2), windowHours: 48 });
    renderDialog();
    expect(await screen.findByRole("heading", { name: "Trending Now" })).toBeInTheDocument();
    expect(group("Trending Now")).toEqual(["1.", "2."]);
    expect(screen.queryByRole("heading", { name: "More Stories" })).toBeNull();
  });

  it("says so when there are no stories", async () => {
    answer = () => json({ stories: [], windowHours: 48 });
    renderDialog();
    expect(await screen.findByText("No stories found. Try refreshing the feed.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Trending Now" })).toBeNull();
  });

  it("says when the stories cannot be loaded, and tries again", async () => {
    answer = () => json({}, 503);
    renderDialog();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch stories. Please try again later.");
    answer = () => json({ stories: stories(1), windowHours: 48 });
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Story 1" })).toBeInTheDocument();
  });

  it("closes when the reader goes to the full Stories page", async () => {
    answer = () => json({ stories: stories(1), windowHours: 48 });
    const { onClose } = renderDialog();
    fireEvent.click(await screen.findByRole("link", { name: "See all stories" }));
    expect(onClose).toHaveBeenCalled();
  });
});
