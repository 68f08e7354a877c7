import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { article, story } from "../test-stories.ts";
import { StoryCard } from "./story-card.tsx";

describe("StoryCard", () => {
  it("shows the title, how widely it is covered, who reported first and how long ago", () => {
    const shown = story({ sources: 3, firstSource: "CoinDesk" });
    render(<StoryCard story={shown} />);
    const card = screen.getByRole("article", { name: /Bitcoin hits record high/ });
    expect(within(card).getByText("3 sources")).toBeTruthy();
    expect(card.textContent).toContain("First reported by CoinDesk");
    expect(within(card).getByText("2h ago").getAttribute("datetime")).toBe(shown.timestamp);
  });

  it("opens and closes its list of articles with the mouse and the keyboard", async () => {
    const user = userEvent.setup();
    render(<StoryCard story={story()} />);
    const toggle = screen.getByRole("button", { name: "2 articles" });
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(list?.tagName).toBe("UL");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(list?.hidden).toBe(true);
    expect(screen.queryByRole("link")).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(list?.hidden).toBe(false);
    const items = within(list as HTMLElement).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("CoinDesk");
    expect(items[1]?.textContent).toContain("Decrypt");

    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("links each article in a new tab, with its date and description", async () => {
    render(<StoryCard story={story()} />);
    await userEvent.click(screen.getByRole("button", { name: "2 articles" }));
    const link = screen.getByRole("link", { name: "Bitcoin sets record high as spot ETF inflows top $1.2B" });
    expect(link.getAttribute("href")).toBe("https://decrypt.example/bitcoin-record");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getAllByText("Spot ETF inflows topped $1.2 billion.")).toHaveLength(2);
    expect(link.closest("li")?.querySelector("time")?.textContent).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d\d (AM|PM)$/,
    );
  });

  it("cuts an outlet's label to 30 characters and keeps the full name as its title", async () => {
    const long = "The Extremely Long Crypto Outlet Name Weekly";
    render(
      <StoryCard
        story={story({ articles: [article({ source: long }), article({ id: "a2", link: "b" })], firstSource: long })}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "2 articles" }));
    expect(screen.getByRole("article").textContent).toContain("First reported by The Extremely Long Crypto Out…");
    const label = within(screen.getAllByRole("listitem")[0] as HTMLElement).getByTitle(long);
    expect(label.textContent).toHaveLength(30);
    expect(label.textContent).toBe("The Extremely Long Crypto Out…");
  });

  it("shows markup in a description as text, never as HTML", async () => {
    const hostile = "<img src=x onerror=alert(1)> Whales <b>move</b>";
    const { container } = render(
      <StoryCard story={story({ articles: [article({ description: hostile }), article({ id: "a2", link: "b" })] })} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "2 articles" }));
    expect(screen.getByText(hostile)).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
  });
});
