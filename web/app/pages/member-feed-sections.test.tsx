import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MemberFeed } from "../../../contracts/reading.ts";
import {
  article,
  failingFeed,
  fakeApi,
  feedList,
  member,
  memberFeed,
  visitor,
} from "../../features/member-feeds/test/fixtures.ts";
import { apiError, json } from "../../test/api-fixtures.ts";
import { feedStatus } from "../../test/feed-status.ts";
import { renderAt } from "../../test/render.tsx";
import { HomePage } from "./home-page.tsx";
import { MyFeedPage } from "./my-feed-page.tsx";

let api: ReturnType<typeof fakeApi>;
const chainNotes = memberFeed(1, { title: "Chain Notes" });

beforeEach(() => {
  api = fakeApi();
  Object.assign(api.answers, {
    "GET /api/site": () => json({ feedRefreshMs: 300_000, sampleMode: false }),
    "GET /api/events": () => json({ events: [], sample: true }),
    "GET /api/blog": () => json({ posts: [], next: null }),
    "GET /api/settings": () =>
      json({ degenMode: false, enabledFeeds: ["bitcoin", "news"], feedOrder: ["bitcoin", "news"] }),
    "GET /api/feeds": () =>
      json({ feeds: [feedStatus("bitcoin", "Bitcoin News"), feedStatus("news", "Latest News")], error: null }),
    "GET /api/feeds/bitcoin/items": () => json({ items: [article("b1", "Bitcoin holds", 40)], next: null }),
    "GET /api/feeds/news/items": () => json({ items: [article("n1", "Markets open", 20)], next: null }),
    "GET /api/feeds/mf-000000000001/items": () => json({ items: [article("m1", "A note on chains", 10)], next: null }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const region = (name: string) => screen.findByRole("region", { name });

describe("the dashboard with the member's own feeds", () => {
  it("shows each as a section after the built-in ones, linked to its page", async () => {
    api.answers["GET /api/me/feeds"] = feedList([chainNotes]);
    renderAt(<HomePage />, { me: member });
    const own = await region("Chain Notes");
    expect(await within(own).findByText("A note on chains")).toBeInTheDocument();
    expect(within(own).getByRole("link", { name: "Chain Notes" }).getAttribute("href")).toBe(
      "/feeds/mine/mf-000000000001",
    );
    const latest = await region("Latest News");
    expect(latest.compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("says in place why a failing feed is empty and when it is tried again", async () => {
    const failing = failingFeed(2);
    api.answers["GET /api/me/feeds"] = feedList([failing]);
    api.answers["GET /api/feeds/mf-000000000002/items"] = () => json({ items: [], next: null });
    renderAt(<HomePage />, { me: member });
    const notice = await within(await region("Quiet Chain Blog")).findByRole("alert");
    expect(notice.textContent).toContain("Quiet Chain Blog could not be fetched from quietchain.example");
    expect(notice.textContent).toContain("quietchain.example had a server error (HTTP 503).");
    expect(notice.textContent).toMatch(/Next try in 18 min/);
    expect(within(notice).getByRole("link", { name: "Your feeds" }).getAttribute("href")).toBe("/feeds/mine");
    // No 'Refresh Feed' that would ask the built-in feeds' refresh for a feed it does not know.
    expect(within(notice).queryByRole("button", { name: "Refresh Feed" })).toBeNull();
  });

  it("says when the member's feeds cannot be loaded, and tries again", async () => {
    let answer = () => apiError(503, "unavailable", "Service unavailable");
    api.answers["GET /api/me/feeds"] = () => answer();
    renderAt(<HomePage />, { me: member });
    const alert = await screen.findByText("Your own feeds could not be loaded.");
    answer = feedList([chainNotes]);
    fireEvent.click(within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Try again" }));
    expect(await region("Chain Notes")).toBeInTheDocument();
  });

  it("shows no own feeds when the operator turned them off", async () => {
    api.answers["GET /api/me/feeds"] = feedList([chainNotes], false);
    renderAt(<HomePage />, { me: member });
    await region("Latest News");
    await waitFor(() => expect(api.asked("GET /api/me/feeds")).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Chain Notes" })).toBeNull();
    expect(api.asked("GET /api/feeds/mf-000000000001/items")).toEqual([]);
  });

  it("never asks for a visitor's own feeds", async () => {
    renderAt(<HomePage />, { me: visitor });
    await region("Latest News");
    await waitFor(() => expect(api.asked("GET /api/blog")).toHaveLength(1));
    expect(api.asked("GET /api/me/feeds")).toEqual([]);
  });
});

describe("My Feed with the member's own feeds", () => {
  it("merges them with the enabled built-in feeds, newest first", async () => {
    api.answers["GET /api/me/feeds"] = feedList([chainNotes]);
    renderAt(<MyFeedPage />, { me: member });
    await screen.findByText("A note on chains");
    const titles = screen.getAllByRole("article").map((card) => card.querySelector("h3")?.textContent);
    expect(titles).toEqual(["A note on chains", "Markets open", "Bitcoin holds"]);
  });

  it("drops a removed feed's articles once the list changes", async () => {
    let feeds: MemberFeed[] = [chainNotes];
    api.answers["GET /api/me/feeds"] = () => feedList(feeds)();
    const { client } = renderAt(<MyFeedPage />, { me: member });
    await screen.findByText("A note on chains");
    feeds = [];
    await client.invalidateQueries({ queryKey: ["member-feeds"] });
    await waitFor(() => expect(screen.queryByText("A note on chains")).toBeNull());
    expect(screen.getByText("Markets open")).toBeInTheDocument();
  });
});
