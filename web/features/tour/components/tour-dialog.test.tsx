import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetTour, startTour, TUTORIAL_KEY, useTour } from "../tour-store.ts";
import { TourDialog } from "./tour-dialog.tsx";

afterEach(() => {
  act(() => resetTour());
  vi.restoreAllMocks();
});

/** Lays an element out at a place in a 1024 px wide window (happy-dom lays nothing out). */
function place(element: HTMLElement | null, left: number, width = 200) {
  if (!element) throw new Error("no element to place");
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue({
    x: left,
    y: 100,
    left,
    top: 100,
    right: left + width,
    bottom: 140,
    width,
    height: 40,
    toJSON: () => ({}),
  });
}

/** A page with the tour's targets: the sidebar's market links, one in a closed (inert) drawer, the feed. */
function Page() {
  const { open } = useTour();
  return (
    <>
      <button type="button">Welcome Tour</button>
      <nav>
        <a href="/market-sentiment" data-tour="market">
          Market Sentiment
        </a>
        <a href="/tokens" data-tour="market">
          Tokens
        </a>
      </nav>
      <aside inert>
        <a href="/market-sentiment" data-tour="market">
          Market Sentiment in the drawer
        </a>
      </aside>
      <section data-tour="news">News</section>
      <a href="/favorites" data-tour="community">
        Favorites, slid away
      </a>
      {open ? <TourDialog /> : null}
    </>
  );
}

function renderTour() {
  const view = render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  place(screen.getByText("Market Sentiment"), 20);
  place(screen.getByText("Tokens"), 20);
  place(screen.getByText("Market Sentiment in the drawer"), 20);
  place(screen.getByText("News"), 300, 600);
  // A drawer translated off the left edge: laid out, but not on screen.
  place(screen.getByText("Favorites, slid away"), -256);
  const opener = screen.getByRole("button", { name: "Welcome Tour" });
  opener.focus();
  act(() => startTour());
  return view;
}

const tour = () => screen.getByRole("dialog");
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const ringed = () => [...document.querySelectorAll("[data-tour-active]")].map((element) => element.textContent);

describe("the welcome tour", () => {
  it("opens at the first step, labelled and described, with focus on Next and Previous disabled", () => {
    renderTour();
    const dialog = tour();
    expect(dialog.getAttribute("aria-modal")).toBe("false");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Welcome to Gemwire",
    );
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /^Gemwire brings crypto news/,
    );
    expect(dialog.textContent).toContain("Step 1 of 4");
    expect(button("Previous").disabled).toBe(true);
    expect(document.activeElement).toBe(button("Next"));
    expect(ringed()).toEqual([]);
  });

  it("walks the four steps; the last one's Next reads Finish, which closes it for good", () => {
    renderTour();
    const titles = [screen.getByRole("heading", { level: 2 }).textContent];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(button("Next"));
      titles.push(screen.getByRole("heading", { level: 2 }).textContent);
    }
    expect(titles).toEqual([
      "Welcome to Gemwire",
      "Market Analysis Tools",
      "Real-time News Feed",
      "Community Features",
    ]);
    expect(tour().textContent).toContain("Step 4 of 4");
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(button("Previous").disabled).toBe(false);

    fireEvent.click(button("Finish"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(TUTORIAL_KEY)).toBe("true");
    // Focus goes back to where it was when the tour opened.
    expect(document.activeElement).toBe(button("Welcome Tour"));
  });

  it("Previous steps back; on the first step, where it is disabled, focus moves on to Next", () => {
    renderTour();
    fireEvent.click(button("Next"));
    fireEvent.click(button("Next"));
    button("Previous").focus();
    fireEvent.click(button("Previous"));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Market Analysis Tools");
    fireEvent.click(button("Previous"));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Welcome to Gemwire");
    expect(button("Previous").disabled).toBe(true);
    expect(document.activeElement).toBe(button("Next"));
  });

  it.each([
    ["Skip", () => fireEvent.click(button("Skip"))],
    ["Escape", () => fireEvent.keyDown(button("Next"), { key: "Escape" })],
  ])("%s closes it, remembers it and returns focus", (_, close) => {
    renderTour();
    fireEvent.click(button("Next"));
    close();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(TUTORIAL_KEY)).toBe("true");
    expect(document.activeElement).toBe(button("Welcome Tour"));
    expect(ringed()).toEqual([]);
  });

  it("rings each step's elements that are on screen, scrolls to them, and takes the rings away after", () => {
    const scrolled: unknown[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement, options) {
      scrolled.push([this.textContent, options]);
    });
    renderTour();
    fireEvent.click(button("Next"));
    // Not the copy in the closed drawer: it is inert.
    expect(ringed()).toEqual(["Market Sentiment", "Tokens"]);
    expect(scrolled).toEqual([["Market Sentiment", { block: "nearest", behavior: "smooth" }]]);

    fireEvent.click(button("Next"));
    expect(ringed()).toEqual(["News"]);

    // Its only element is off screen: no highlight rather than a ring nobody sees.
    fireEvent.click(button("Next"));
    expect(ringed()).toEqual([]);

    fireEvent.click(button("Previous"));
    expect(ringed()).toEqual(["News"]);
    fireEvent.click(button("Skip"));
    expect(ringed()).toEqual([]);
  });

  it("scrolls without animation when the reader prefers reduced motion", () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query) => ({ matches: query.includes("reduce"), media: query }) as MediaQueryList,
    );
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => {});
    renderTour();
    fireEvent.click(button("Next"));
    expect(scroll).toHaveBeenCalledWith({ block: "nearest", behavior: "auto" });
  });

  it("starts afresh when restarted while open", () => {
    renderTour();
    fireEvent.click(button("Next"));
    fireEvent.click(button("Next"));
    act(() => startTour());
    expect(tour().textContent).toContain("Step 1 of 4");
    expect(ringed()).toEqual([]);
    expect(document.activeElement).toBe(button("Next"));
  });
});
