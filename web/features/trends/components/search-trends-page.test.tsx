import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Trend, Trends } from "../../../../contracts/trends.ts";
import { NO_TRENDS, TRENDS_FAILED } from "../../../../contracts/trends-catalog.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { SearchTrendsPage } from "./search-trends-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const now = Date.now();
const ok = (source: string) => ({ source, lastSuccessAt: new Date(now - 5 * 60_000).toISOString(), lastError: null });

function trend(over: Partial<Trend> = {}): Trend {
  return {
    title: "digital pound",
    traffic: "200K+",
    trafficNumber: 200_000,
    picture: null,
    pictureSource: null,
    newsItems: [],
    pubDate: new Date(now - 2 * 3_600_000).toISOString(),
    country: "GB",
    ...over,
  };
}

function answer(over: Partial<Trends> = {}): Trends {
  const trends = over.trends ?? [trend()];
  return {
    trends,
    page: 1,
    pages: 1,
    total: trends.length,
    updatedAt: new Date(now - 5 * 60_000).toISOString(),
    nextUpdateAt: new Date(now + 25 * 60_000).toISOString(),
    sources: ["US", "GB", "CA", "AU", "IN"].map(ok),
    sample: false,
    ...over,
  };
}

/** Answers GET /api/trends with `respond` and records each query asked. */
function trendsApi(respond: (query: URLSearchParams) => Response | Promise<Response>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://gemwire.test");
      if (url.pathname !== "/api/trends") return apiError(404, "not_found", "Not found");
      asked.push(url.searchParams);
      return respond(url.searchParams);
    }),
  );
  return asked;
}

const show = (at = "/google-trends") => renderAt(<SearchTrendsPage />, { me: { user: null, admin: false }, at });
const where = () => screen.getByTestId("where").textContent;
const trendList = () => screen.findByRole("list", { name: /^Search trends, page/ });

describe("/google-trends", () => {
  it("asks for the past 24 hours by traffic, page 1, showing a spinner until the trends arrive", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked = trendsApi(async () => {
      await gate;
      return json(answer());
    });
    show();
    expect(screen.getByText("Loading trends…")).toBeTruthy();
    release();
    const list = await trendList();
    expect(within(list).getByRole("heading", { name: "digital pound" })).toBeTruthy();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ period: "24h", sort: "traffic", page: "1" });
    expect(screen.getByRole("button", { name: "Traffic" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Time" }).getAttribute("aria-pressed")).toBe("false");
    expect((screen.getByLabelText("Period") as HTMLSelectElement).value).toBe("24h");
    expect(
      [...(screen.getByLabelText("Period") as HTMLSelectElement).options].map((option) => option.textContent),
    ).toEqual(["Past 4hr", "Past 24hr", "Past 48hr", "Past 7d"]);
    expect(screen.queryByText("Sample data")).toBeNull();
  });

  it("shows each trend's traffic, country and time, and its news links opening safely in a new tab", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [
            trend({
              newsItems: [
                { title: "Digital pound plans", url: "https://news.example/pound", source: "Chainpost" },
                { title: "Sneaky", url: "javascript:alert(1)", source: "Bad" },
              ],
            }),
          ],
        }),
      ),
    );
    show();
    const item = within(await trendList()).getByRole("article", { name: "digital pound" });
    expect(item.textContent).toContain("200K+ searches");
    expect(item.textContent).toContain("United Kingdom");
    expect(item.textContent).toContain("2h ago");
    const link = within(item).getByRole("link", { name: /Digital pound plans/ });
    expect(link.getAttribute("href")).toBe("https://news.example/pound");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(item).queryByText("Sneaky")).toBeNull();
    expect(item.innerHTML).not.toContain("javascript:");
  });

  it("keeps period, sort and page in the address and asks for what they say", async () => {
    const asked = trendsApi((query) =>
      json(answer({ page: Number(query.get("page")), pages: 3, total: 45, trends: [trend()] })),
    );
    show("/google-trends?page=2");
    await trendList();
    expect(asked.at(-1)?.get("page")).toBe("2");
    await userEvent.click(screen.getByRole("button", { name: "Time" }));
    // Another order starts again at page 1.
    await waitFor(() => expect(where()).toBe("/google-trends?sort=time"));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ period: "24h", sort: "time", page: "1" }),
    );
    expect(screen.getByRole("button", { name: "Time" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.selectOptions(screen.getByLabelText("Period"), "Past 7d");
    await waitFor(() => expect(where()).toBe("/google-trends?period=7d&sort=time"));
    await waitFor(() => expect(asked.at(-1)?.get("period")).toBe("7d"));
  });

  it("pages with Previous and Next after the paging transition, saying 'Page n of N'", async () => {
    const asked = trendsApi((query) => {
      const page = Number(query.get("page"));
      return json(answer({ page, pages: 3, total: 45, trends: [trend({ title: `trend on page ${page}` })] }));
    });
    show();
    const pager = await screen.findByRole("navigation", { name: "Pages of trends" });
    expect(pager.textContent).toContain("Page 1 of 3");
    const previous = within(pager).getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
    // The list fades out for the paging delay before the page turns.
    expect(where()).toBe("/google-trends");
    await waitFor(() => expect(where()).toBe("/google-trends?page=2"));
    expect(await screen.findByRole("heading", { name: "trend on page 2" })).toBeTruthy();
    expect(pager.textContent).toContain("Page 2 of 3");
    expect(asked.at(-1)?.get("page")).toBe("2");
    await userEvent.click(within(pager).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(where()).toBe("/google-trends"));
    expect(await screen.findByRole("heading", { name: "trend on page 1" })).toBeTruthy();
  });

  it("goes on from the page asked for while that page is still loading", async () => {
    const gates = new Map<string, () => void>();
    trendsApi(async (query) => {
      const page = query.get("page") ?? "1";
      if (page !== "1") await new Promise<void>((resolve) => gates.set(page, resolve));
      return json(
        answer({ page: Number(page), pages: 5, total: 90, trends: [trend({ title: `trend on page ${page}` })] }),
      );
    });
    show();
    const pager = await screen.findByRole("navigation", { name: "Pages of trends" });
    await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(where()).toBe("/google-trends?page=2"));
    // Page 2 has not arrived: page 1 is still shown, yet the pager counts from page 2.
    expect(screen.getByRole("heading", { name: "trend on page 1" })).toBeTruthy();
    expect(pager.textContent).toContain("Page 2 of 5");
    await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(where()).toBe("/google-trends?page=3"));
    for (const release of gates.values()) release();
    expect(await screen.findByRole("heading", { name: "trend on page 3" })).toBeTruthy();
  });

  it("drops a page turn still fading out when another sort is chosen", async () => {
    trendsApi((query) => json(answer({ page: Number(query.get("page") ?? 1), pages: 3, total: 45 })));
    show();
    const pager = await screen.findByRole("navigation", { name: "Pages of trends" });
    await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await userEvent.click(screen.getByRole("button", { name: "Time" }));
    expect(where()).toBe("/google-trends?sort=time");
    // Past the paging delay the turn has not come back to overwrite the sort.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(where()).toBe("/google-trends?sort=time");
  });

  it("turns the page at once when reduced motion is asked for", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      addEventListener() {},
      removeEventListener() {},
    }));
    trendsApi((query) => json(answer({ page: Number(query.get("page")), pages: 2, total: 25 })));
    show();
    const pager = await screen.findByRole("navigation", { name: "Pages of trends" });
    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    expect(where()).toBe("/google-trends?page=2");
  });

  it("says the spec's empty text when the period has no trends", async () => {
    trendsApi(() => json(answer({ trends: [], total: 0 })));
    show();
    expect(await screen.findByText(NO_TRENDS)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pages of trends" })).toBeNull();
  });

  it("shows the destructive card when the trends cannot be loaded, and tries again", async () => {
    let fail = true;
    trendsApi(() => (fail ? apiError(500, "internal_error", "Something went wrong") : json(answer())));
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(TRENDS_FAILED);
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "digital pound" })).toBeTruthy();
    expect(screen.queryByText(TRENDS_FAILED)).toBeNull();
  });

  it("names the sources that failed, why, when the next try is and how old the trends are", async () => {
    trendsApi(() =>
      json(
        answer({
          sources: [
            ok("US"),
            {
              source: "GB",
              lastSuccessAt: new Date(now - 3 * 3_600_000).toISOString(),
              lastError: "trends.google.com had a server error (HTTP 503).",
            },
            ok("CA"),
            ok("AU"),
            { source: "IN", lastSuccessAt: null, lastError: "trends.google.com did not answer in time." },
          ],
        }),
      ),
    );
    show();
    const notice = await screen.findByText(/2 of 5 sources of search trends could not be read/);
    const box = notice.closest("[role=status]") as HTMLElement;
    expect(box.textContent).toContain(
      "United Kingdom: trends.google.com had a server error (HTTP 503). Last read 3h ago",
    );
    expect(box.textContent).toContain("India: trends.google.com did not answer in time. Never read yet.");
    expect(box.textContent).toMatch(/Next try in 25 min/);
    expect(box.textContent).toMatch(/The trends shown were last updated 5m ago/);
    // The trends read before are still listed.
    expect(await screen.findByRole("heading", { name: "digital pound" })).toBeTruthy();
  });

  it("says every source failed, in place of an empty list that would look like nothing happened", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [],
          total: 0,
          updatedAt: null,
          sources: ["US", "GB", "CA", "AU", "IN"].map((source) => ({
            source,
            lastSuccessAt: null,
            lastError: "trends.google.com could not be found (no internet or DNS?).",
          })),
        }),
      ),
    );
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No source of search trends could be read at the last try.");
    expect(alert.textContent).toContain("No trends have been read yet.");
    // One reason for all five, said once.
    const [failed, ...others] = within(alert).getAllByRole("listitem");
    expect(others).toEqual([]);
    expect(failed?.textContent).toBe(
      "United States, United Kingdom, Canada, Australia, India: trends.google.com could not be found (no internet or DNS?). Never read yet.",
    );
  });

  it("says the first read is coming before the server has read anything", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [],
          total: 0,
          updatedAt: null,
          nextUpdateAt: null,
          sources: ["US"].map((source) => ({ source, lastSuccessAt: null, lastError: null })),
        }),
      ),
    );
    show();
    expect(await screen.findByText(/has not read the search trends yet/)).toBeTruthy();
  });

  it("hides a picture that fails to load", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [
            trend({ title: "broken", picture: "https://pictures.example/missing.jpg", pictureSource: "Pictures" }),
            trend({ title: "fine", picture: "https://pictures.example/ok.jpg", pictureSource: "Pictures" }),
          ],
        }),
      ),
    );
    const { view } = show();
    await trendList();
    const pictures = () => [...view.container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(pictures()).toEqual(["https://pictures.example/missing.jpg", "https://pictures.example/ok.jpg"]);
    fireEvent.error(view.container.querySelector("img") as HTMLImageElement);
    await waitFor(() => expect(pictures()).toEqual(["https://pictures.example/ok.jpg"]));
    expect(screen.getByRole("article", { name: "broken" }).textContent).not.toContain("Pictures");
  });

  it("links a trend naming a built-in token to its page, and no other", async () => {
    trendsApi(() =>
      json(answer({ trends: [trend({ title: "bitcoin price" }), trend({ title: "bitcoin cash fork" })] })),
    );
    show();
    const list = await trendList();
    const link = within(within(list).getByRole("article", { name: "bitcoin price" })).getByRole("link", {
      name: "Bitcoin (BTC) page",
    });
    expect(link.getAttribute("href")).toBe("/token/BTC");
    expect(within(within(list).getByRole("article", { name: "bitcoin cash fork" })).queryAllByRole("link")).toEqual([]);
  });

  it("labels sample trends as sample data", async () => {
    trendsApi(() => json(answer({ sample: true })));
    show();
    expect(await screen.findByText("Sample data")).toBeTruthy();
  });

  it("asks again on 'Refresh Trends', spinning and refusing clicks meanwhile, keeping the list", async () => {
    let release: () => void = () => {};
    let calls = 0;
    trendsApi(async () => {
      calls++;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return json(answer({ trends: [trend({ title: calls > 1 ? "fresh" : "first" })] }));
    });
    show();
    await screen.findByRole("heading", { name: "first" });
    const refresh = screen.getByRole("button", { name: "Refresh Trends" }) as HTMLButtonElement;
    await userEvent.click(refresh);
    await waitFor(() => expect(refresh.disabled).toBe(true));
    expect(screen.getByRole("heading", { name: "first" })).toBeTruthy();
    release();
    expect(await screen.findByRole("heading", { name: "fresh" })).toBeTruthy();
    expect(refresh.disabled).toBe(false);
  });

  it("keeps the list and says so when a refresh fails", async () => {
    let calls = 0;
    trendsApi(() => (++calls > 1 ? apiError(503, "unavailable", "Unavailable") : json(answer())));
    show();
    await screen.findByRole("heading", { name: "digital pound" });
    await userEvent.click(screen.getByRole("button", { name: "Refresh Trends" }));
    expect(await screen.findByText(/Could not refresh the trends/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "digital pound" })).toBeTruthy();
  });
});
