import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Blurt } from "../../../../contracts/community.ts";
import { apiError, json, prediction } from "../../../test/api-fixtures.ts";
import { comment, renderWith, urls, visitor } from "../test/community.tsx";
import { BlurtsPage } from "./blurts-page.tsx";

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /api/blurts answers, by its query string. */
let timeline: (search: string) => Response;
let single: (id: string) => Response;
let scrolled: HTMLElement[];

const blurts = (list: Blurt[], next: string | null = null) => json({ blurts: list, next });
const aComment = (over: Parameters<typeof comment>[0] = {}): Blurt => ({ kind: "comment", comment: comment(over) });
const aPrediction = (over: Parameters<typeof prediction>[0] = {}): Blurt => ({
  kind: "prediction",
  prediction: prediction(over),
});

beforeEach(() => {
  scrolled = [];
  vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
    scrolled.push(this);
  });
  timeline = () =>
    blurts([
      aComment({ id: "c2", content: "To the moon https://chart.example/btc" }),
      aPrediction({ id: "p1", username: null, handle: "satoshi" }),
      aComment({ id: "c1", contentId: "/blog/launch", contentTitle: "We launched", content: "congrats" }),
    ]);
  single = () => apiError(404, "not_found", "Comment not found");
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith("/api/blurts")) return timeline(url.slice("/api/blurts".length).replace(/^\?/, ""));
    if (url.startsWith("/api/comments/")) return single(decodeURIComponent(url.slice("/api/comments/".length)));
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function History() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Forward
      </button>
    </>
  );
}

const renderBlurts = (at = "/blurts") =>
  renderWith(
    <BlurtsPage
      renderPrediction={(p) => <p data-testid="prediction">{`${p.token} ${p.direction} ${p.percentage}%`}</p>}
    />,
    { me: visitor, at, extra: <History /> },
  );

const where = () => screen.getByTestId("where").textContent;
const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");
const blurtCalls = () => urls(fetchMock).filter((url) => url.startsWith("/api/blurts"));

describe("BlurtsPage: the timeline", () => {
  it("shows comments with the article they are on, and predictions with who made them", async () => {
    renderBlurts();
    const list = await screen.findByRole("list", { name: "Blurts" });
    const [first, second, third] = within(list).getAllByRole("listitem");
    expect(within(first as HTMLElement).getByRole("article", { name: "Comment by Hal Finney" })).toBeInTheDocument();
    const on = within(first as HTMLElement).getByRole("link", { name: "Bitcoin hits record high" });
    expect(on.getAttribute("href")).toBe("https://news.example/bitcoin-record");
    expect(on.getAttribute("target")).toBe("_blank");
    expect(on.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(within(first as HTMLElement).getByRole("link", { name: "https://chart.example/btc" })).toBeInTheDocument();
    expect(second?.textContent).toContain("satoshi");
    expect(second?.textContent).toContain("made a prediction");
    expect(within(second as HTMLElement).getByTestId("prediction").textContent).toBe("BTC up 1%");
    // A comment on a blog post links to the post's page on this site.
    expect(
      within(third as HTMLElement)
        .getByRole("link", { name: "We launched" })
        .getAttribute("href"),
    ).toBe("/blog/launch");
    expect(blurtCalls()).toEqual(["/api/blurts"]);
  });

  it("links to the GEMS leaderboard", async () => {
    renderBlurts();
    expect(screen.getByRole("link", { name: "GEMS leaderboard" }).getAttribute("href")).toBe("/leaderboard");
  });

  it("says 'No activity yet' when there is nothing", async () => {
    timeline = () => blurts([]);
    renderBlurts();
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
  });

  it("loads older entries with 'Load more'", async () => {
    timeline = (search) =>
      search.includes("before=")
        ? blurts([aComment({ id: "c0", content: "oldest" })])
        : blurts([aComment({ id: "c5" })], "cur-1");
    renderBlurts();
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("oldest")).toBeInTheDocument();
    expect(blurtCalls()).toEqual(["/api/blurts", "/api/blurts?before=cur-1"]);
  });

  it.each([
    ["/blurts", ["Failed to load comments", "Failed to load predictions"]],
    ["/blurts?filter=comments", ["Failed to load comments"]],
    ["/blurts?filter=predictions", ["Failed to load predictions"]],
    ["/blurts?filter=active", ["Failed to load predictions"]],
    ["/blurts?filter=completed", ["Failed to load predictions"]],
  ])("at %s a failed load says %o in place, and can be tried again", async (at, lines) => {
    timeline = () => apiError(500, "internal_error", "Something went wrong");
    renderBlurts(at);
    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual(lines);
    timeline = () => blurts([aComment()]);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Running bitcoin")).toBeInTheDocument();
  });
});

describe("BlurtsPage: filters and sorts in the address", () => {
  it("keeps the choice in the address (defaults left out) and asks the server for it", async () => {
    renderBlurts();
    await screen.findByRole("list", { name: "Blurts" });
    expect(pressed("All")).toBe("true");
    expect(pressed("Newest First")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Comments" }));
    expect(where()).toBe("/blurts?filter=comments");
    fireEvent.click(screen.getByRole("button", { name: "Winning" }));
    expect(where()).toBe("/blurts?filter=comments&sort=winning");
    expect(pressed("Comments")).toBe("true");
    expect(pressed("Winning")).toBe("true");
    await waitFor(() => expect(blurtCalls()).toContain("/api/blurts?filter=comments&sort=winning"));
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    fireEvent.click(screen.getByRole("button", { name: "Newest First" }));
    expect(where()).toBe("/blurts");
  });

  it("offers every filter and sort", async () => {
    renderBlurts();
    for (const name of [
      "All",
      "Comments",
      "All Predictions",
      "Active Predictions",
      "Completed Predictions",
      "Newest First",
      "Winning",
      "Losing",
    ]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
  });

  it("goes back and forward through the choices", async () => {
    renderBlurts("/blurts?sort=losing");
    await screen.findByRole("list", { name: "Blurts" });
    expect(pressed("Losing")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Active Predictions" }));
    expect(where()).toBe("/blurts?filter=active&sort=losing");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(where()).toBe("/blurts?sort=losing");
    expect(pressed("All")).toBe("true");
    expect(pressed("Active Predictions")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Forward" }));
    expect(where()).toBe("/blurts?filter=active&sort=losing");
    expect(pressed("Active Predictions")).toBe("true");
  });
});

describe("BlurtsPage: the comment a notification opened (?comment=)", () => {
  it("scrolls to it in the list, highlights it and moves focus to it", async () => {
    renderBlurts("/blurts?comment=c1");
    const list = await screen.findByRole("list", { name: "Blurts" });
    const item = within(list).getAllByRole("listitem")[2] as HTMLElement;
    await waitFor(() => expect(scrolled).toEqual([item]));
    expect(document.activeElement).toBe(item);
    expect(item.getAttribute("aria-current")).toBe("true");
    expect(screen.queryByRole("region", { name: "The comment you opened" })).toBeNull();
    expect(urls(fetchMock).some((url) => url.startsWith("/api/comments/"))).toBe(false);
  });

  it("fetches it and pins it on top when it is not on the page", async () => {
    single = (id) => json(comment({ id, content: "the one you were told about" }));
    renderBlurts("/blurts?comment=c9");
    const pinned = await screen.findByRole("region", { name: "The comment you opened" });
    expect(await within(pinned).findByText("the one you were told about")).toBeInTheDocument();
    expect(urls(fetchMock)).toContain("/api/comments/c9");
    const card = within(pinned).getByText("the one you were told about").closest("[aria-current]");
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(scrolled).toEqual([card]);
  });

  it("says the comment was deleted when it is gone", async () => {
    renderBlurts("/blurts?comment=c9");
    const pinned = await screen.findByRole("region", { name: "The comment you opened" });
    const gone = await within(pinned).findByText("This comment was deleted.");
    expect(gone.getAttribute("role")).toBe("status");
    await waitFor(() => expect(document.activeElement).toBe(gone));
  });

  it("lets the opened comment go when the reader picks another filter", async () => {
    renderBlurts("/blurts?comment=c1");
    await screen.findByRole("list", { name: "Blurts" });
    fireEvent.click(screen.getByRole("button", { name: "Comments" }));
    expect(where()).toBe("/blurts?filter=comments");
  });
});
