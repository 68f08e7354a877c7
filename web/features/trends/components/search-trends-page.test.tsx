import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../test/api-fixtures.ts";
import { answer, show, trend, trendList, trendsApi, where } from "../test/trends.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("/google-trends", () => {
  it("asks for the past 24 hours by traffic, page 1, showing a spinner until the trends arrive", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked = trendsApi(async () => {
      await gate;
      return json(answer());
    });
    show();
    expect(screen.getByText("Loading trends…")).toBeInTheDocument();
    release();
    const list = await trendList();
    expect(within(list).getByRole("heading", { name: "digital pound" })).toBeInTheDocument();
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
    expect(await screen.findByRole("heading", { name: "trend on page 2" })).toBeInTheDocument();
    expect(pager.textContent).toContain("Page 2 of 3");
    expect(asked.at(-1)?.get("page")).toBe("2");
    await userEvent.click(within(pager).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(where()).toBe("/google-trends"));
    expect(await screen.findByRole("heading", { name: "trend on page 1" })).toBeInTheDocument();
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
    expect(screen.getByRole("heading", { name: "trend on page 1" })).toBeInTheDocument();
    expect(pager.textContent).toContain("Page 2 of 5");
    await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(where()).toBe("/google-trends?page=3"));
    for (const release of gates.values()) release();
    expect(await screen.findByRole("heading", { name: "trend on page 3" })).toBeInTheDocument();
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
    expect(await screen.findByText("Sample data")).toBeInTheDocument();
  });
});
