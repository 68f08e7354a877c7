import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  article,
  failingFeed,
  fakeApi,
  feedList,
  member,
  memberFeed,
  visitor,
} from "../../features/member-feeds/test/fixtures.ts";
import { json } from "../../test/api-fixtures.ts";
import { renderAt } from "../../test/render.tsx";
import { MemberFeedPage } from "./member-feed-page.tsx";

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi();
  api.answers["GET /api/site"] = () => json({ feedRefreshMs: 300_000, sampleMode: false });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const page = (at: string, me = member) =>
  renderAt(
    <Routes>
      <Route path="/feeds/mine/:key" element={<MemberFeedPage />} />
    </Routes>,
    { me, at },
  );

describe("a member feed's page", () => {
  it("shows the feed's articles in the grid, under its title", async () => {
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1, { title: "Chain Notes" })]);
    api.answers["GET /api/feeds/mf-000000000001/items"] = () =>
      json({ items: [article("m1", "A note on chains"), article("m2", "Another note", 50)], next: null });
    page("/feeds/mine/mf-000000000001");
    expect(await screen.findByRole("heading", { level: 1, name: "Chain Notes" })).toBeInTheDocument();
    expect(await screen.findByText("A note on chains")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Your feeds" }).getAttribute("href")).toBe("/feeds/mine");
  });

  it("says why it is empty when its fetches fail", async () => {
    api.answers["GET /api/me/feeds"] = feedList([failingFeed(2)]);
    api.answers["GET /api/feeds/mf-000000000002/items"] = () => json({ items: [], next: null });
    page("/feeds/mine/mf-000000000002");
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("quietchain.example had a server error (HTTP 503).");
    expect(screen.queryByText("No articles to display")).toBeNull();
  });

  it("says the member does not follow a feed that is not theirs, without fetching it", async () => {
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1)]);
    page("/feeds/mine/mf-999999999999");
    expect(await screen.findByRole("heading", { level: 1, name: "Feed not found" })).toBeInTheDocument();
    expect(
      within(screen.getByText(/You do not follow this feed/))
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/feeds/mine");
    expect(api.calls.filter((c) => c.call.startsWith("GET /api/feeds/"))).toEqual([]);
  });

  it("asks a visitor to sign in", async () => {
    page("/feeds/mine/mf-000000000001", visitor);
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(api.asked("GET /api/me/feeds")).toEqual([]);
  });
});
