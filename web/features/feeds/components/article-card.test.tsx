import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { visitor } from "../../../test/feed-items.ts";
import { article, articleCardHooks, HOUR, renderCard } from "../test/article-card.tsx";

articleCardHooks();

describe("ArticleCard", () => {
  it("opens the article in a new tab on a click, but not on its buttons, inputs or links", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderCard(article(), visitor);
    fireEvent.click(screen.getByText("Spot ETF inflows topped $1.2 billion."));
    expect(open).toHaveBeenCalledWith("https://news.example/bitcoin-record", "_blank", "noopener,noreferrer");
    open.mockClear();
    fireEvent.click(screen.getByRole("button", { name: /Hide article/ }));
    fireEvent.click(screen.getByRole("combobox"));
    const title = screen.getByRole("link", { name: "Bitcoin hits record high" });
    title.addEventListener("click", (event) => event.preventDefault()); // the test browser would follow it
    fireEvent.click(title);
    expect(open).not.toHaveBeenCalled();
    const link = screen.getByRole("link", { name: "Bitcoin hits record high" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("shows the picture only while it loads, and none that mentions 'undefined'", () => {
    const { view } = renderCard(article(), visitor);
    const image = view.container.querySelector("img");
    expect(image?.getAttribute("src")).toBe("https://img.example/btc.png");
    fireEvent.error(image as HTMLImageElement);
    expect(view.container.querySelector("img")).toBeNull();
    view.unmount();
    const other = renderCard(article({ image: "https://img.example/undefined" }), visitor);
    expect(other.view.container.querySelector("img")).toBeNull();
  });

  it("colours the age badge by the hour", () => {
    const { view } = renderCard(article({ pubDate: new Date(Date.now() - 13 * HOUR).toISOString() }), visitor);
    const badge = view.container.querySelector("time[data-tone]");
    expect(badge?.getAttribute("data-tone")).toBe("orange");
    expect(badge?.textContent).toBe("13h");
  });

  it("says an article its feed gave no date is undated: no age, no date made up", () => {
    const { view } = renderCard(article({ pubDate: new Date().toISOString(), undated: true }), visitor);
    expect(view.container.querySelector("time")).toBeNull();
    const undated = screen.getByText("undated");
    expect(undated.getAttribute("title")).toBe("The feed gave no date for this article");
  });

  // One rule with the server (contracts/analysis-catalog.ts): wsj.com and bloomberg.com and their subdomains are refused.
  it.each([
    ["https://www.wsj.com/finance/a", false],
    ["https://wsj.com/a", false],
    ["https://www.bloomberg.com/news/a", false],
    ["https://markets.bloomberg.com/a", false],
    ["https://WWW.BLOOMBERG.COM./a", false],
    ["https://notwsj.com/a", true],
    ["https://www.coindesk.com/a", true],
    ["ftp://files.example/a", false],
    ["", false],
    ["not a url", false],
  ] as const)("Analyze on an article at %j is enabled: %s", (link, allowed) => {
    renderCard(article({ link }), visitor);
    const analyze = screen.getByRole("button", { name: /Analyze/ }) as HTMLButtonElement;
    expect(analyze.disabled).toBe(!allowed);
    expect(analyze.title).toBe(allowed ? "" : "Articles from this site cannot be analyzed");
  });

  it("leaves out a picture it does not have: no image, no box held for one", () => {
    const { view } = renderCard(article({ image: null }), visitor);
    const card = view.container.querySelector("article") as HTMLElement;
    expect(card.querySelector("img")).toBeNull();
    // The first thing in the card is its text, not an empty picture frame.
    expect(card.firstElementChild?.textContent).toContain("CoinDesk");
  });

  it.each([
    ["the title", "Bitcoin hits record high"],
    ["the title in other case and spacing", "  bitcoin HITS   record high "],
    ["the title and the outlet", "Bitcoin hits record high  CoinDesk"],
  ])("shows no description that only repeats %s", (_name, description) => {
    const { view } = renderCard(article({ description }), visitor);
    expect(view.container.querySelector("article p")).toBeNull();
    expect(screen.getAllByText(/bitcoin hits record high/i)).toHaveLength(1);
  });

  it("dims a hidden article and can show it again", () => {
    const { view } = renderCard(article(), visitor);
    fireEvent.click(screen.getByRole("button", { name: "Hide article" }));
    expect(view.container.querySelector("article")?.className).toContain("opacity-50");
    fireEvent.click(screen.getByRole("button", { name: "Unhide article" }));
    expect(view.container.querySelector("article")?.className).not.toContain("opacity-50");
  });

  it("opens the article in the reader view from 'Read in Gemwire', in place, not in a new tab", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderCard(article(), visitor);
    const read = screen.getByRole("link", { name: "Read in Gemwire" });
    expect(read.getAttribute("href")).toBe("/read?url=https%3A%2F%2Fnews.example%2Fbitcoin-record");
    fireEvent.click(read);
    expect(screen.getByText("reader view of https://news.example/bitcoin-record")).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
