import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { closeAnalysis, setAnalysisLoading, useAnalysis } from "../../../lib/analysis.ts";
import { article, story } from "../test/stories.ts";
import { StoryCard } from "./story-card.tsx";

afterEach(() => closeAnalysis());

/** What the analysis dialog would be asked to show (the dialog itself lives with the feeds). */
function AnalysisProbe() {
  const { subject } = useAnalysis();
  return <output data-testid="analysis">{subject ? JSON.stringify(subject) : ""}</output>;
}

describe("StoryCard", () => {
  it("shows the title, how widely it is covered, who reported first and how long ago", () => {
    const shown = story({ sources: 3, firstSource: "CoinDesk" });
    render(<StoryCard feed="gemwire" story={shown} />);
    const card = screen.getByRole("article", { name: /Bitcoin hits record high/ });
    expect(within(card).getByText("3 sources")).toBeInTheDocument();
    expect(card.textContent).toContain("First reported by CoinDesk");
    expect(within(card).getByText("2h ago").getAttribute("datetime")).toBe(shown.timestamp);
  });

  it("opens and closes its list of articles with the mouse and the keyboard", async () => {
    const user = userEvent.setup();
    render(<StoryCard feed="gemwire" story={story()} />);
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
    render(<StoryCard feed="gemwire" story={story()} />);
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
        feed="gemwire"
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
      <StoryCard
        feed="gemwire"
        story={story({ articles: [article({ description: hostile }), article({ id: "a2", link: "b" })] })}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "2 articles" }));
    expect(screen.getByText(hostile)).toBeInTheDocument();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
  });

  it("analyses the whole story from its feed, and waits while that analysis is on its way", async () => {
    render(
      <>
        <StoryCard feed="bitcoin" story={story({ id: "st-7" })} />
        <StoryCard feed="bitcoin" story={story({ id: "st-8", title: "Another story" })} />
        <AnalysisProbe />
      </>,
    );
    const [first, second] = screen.getAllByRole("button", { name: "Analyze story" }) as HTMLButtonElement[];
    await userEvent.click(first as HTMLButtonElement);
    expect(JSON.parse(screen.getByTestId("analysis").textContent ?? "")).toEqual({
      kind: "story",
      title: "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
      feed: "bitcoin",
      story: "st-7",
      articles: [
        {
          title: "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
          link: "https://coindesk.example/bitcoin-record",
          source: "CoinDesk",
        },
        {
          title: "Bitcoin sets record high as spot ETF inflows top $1.2B",
          link: "https://decrypt.example/bitcoin-record",
          source: "Decrypt",
        },
      ],
    });
    expect(first?.textContent).toBe("Analyzing…");
    expect(first?.disabled).toBe(true);
    // Only the story being analysed waits.
    expect(second?.disabled).toBe(false);
    act(() => setAnalysisLoading(false));
    expect(first?.disabled).toBe(false);
    expect(first?.textContent).toBe("Analyze story");
  });

  it("cannot analyse a story whose every article is from a site that is never analysed", () => {
    render(
      <StoryCard
        feed="news"
        story={story({
          articles: [
            article({ link: "https://www.wsj.com/articles/bitcoin-record" }),
            article({ id: "a2", link: "https://www.bloomberg.com/news/bitcoin-record" }),
          ],
        })}
      />,
    );
    const button = screen.getByRole("button", { name: "Analyze story" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe("None of this story's articles can be analyzed");
  });
});
