import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Event } from "../../../../contracts/content.ts";
import { EventsSection } from "./events-section.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const conference: Event = {
  id: "e1",
  title: "Gemwire Summit",
  description: "Stored by an admin.",
  startDate: "2027-05-01T09:00:00.000Z",
  endDate: "2027-05-02T17:00:00.000Z",
  location: { city: "Porto", country: "Portugal" },
  website: "https://summit.example",
  imageUrl: null,
};

let answer: () => Response;
const fetchMock = vi.fn(async () => answer());

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EventsSection />
    </QueryClientProvider>,
  );
}

const cards = () => within(screen.getByRole("list", { name: "Notable events" })).queryAllByRole("listitem");

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("EventsSection", () => {
  it("labels the server's sample events as samples", async () => {
    answer = () => json({ events: [{ ...conference, id: "s1", title: "Sample Con" }], sample: true });
    renderSection();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText("Sample events")).toBeInTheDocument();
    expect(within(cards()[0] as HTMLElement).getByText("Sample")).toBeInTheDocument();
  });

  it("keeps the server's order: events not yet ended first, then past ones", async () => {
    const event = (id: string, year: number): Event => ({
      ...conference,
      id,
      title: `Event ${year}`,
      startDate: `${year}-05-01T09:00:00.000Z`,
      endDate: `${year}-05-02T09:00:00.000Z`,
    });
    answer = () => json({ events: [event("a", 2030), event("b", 2024), event("c", 2020)], sample: false });
    renderSection();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((card) => within(card).getByText(/^Event \d+$/).textContent)).toEqual([
      "Event 2030",
      "Event 2024",
      "Event 2020",
    ]);
  });

  it("shows real events without a sample label", async () => {
    answer = () => json({ events: [conference], sample: false });
    renderSection();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByText("Sample events")).toBeNull();
    expect(within(cards()[0] as HTMLElement).queryByText("Sample")).toBeNull();
  });

  it("falls back to the three sample events when loading fails, says so in place, and retries", async () => {
    answer = () => json({ error: { code: "unavailable", message: "Service unavailable" } }, 503);
    renderSection();
    const notice = await screen.findByText(/Failed to load events/);
    expect(notice.textContent).toBe("Failed to load events. These are sample events, not real listings.");
    expect(screen.getByText("Sample events")).toBeInTheDocument();
    const titles = cards().map((card) => card.querySelector(".font-semibold")?.textContent);
    // Soonest first, each labelled.
    expect(titles).toEqual(["ETHDenver 2027", "Bitcoin 2027", "Solana Breakpoint 2027"]);
    for (const card of cards()) expect(within(card).getByText("Sample")).toBeInTheDocument();

    answer = () => json({ events: [conference], sample: false });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByText(/Failed to load events/)).toBeNull();
    expect(screen.getByText("Gemwire Summit")).toBeInTheDocument();
  });
});
