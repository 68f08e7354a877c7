import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { fakeApi, post, renderAt } from "../test/content.tsx";
import { BlogPage } from "./blog-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const cards = () => within(screen.getByRole("list", { name: "Posts, newest first" })).getAllByRole("article");

describe("BlogPage", () => {
  it("shows the posts as the server orders them (newest first), each card linking to its own url", async () => {
    fakeApi({
      "GET /api/blog": () =>
        json({
          posts: [post({ id: "p2", slug: "newer", title: "Newer" }), post({ id: "p1", slug: "older", title: "Older" })],
          next: null,
        }),
    });
    renderAt(<BlogPage />, { at: "/blog" });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first] = cards();
    expect(
      within(first as HTMLElement)
        .getByRole("link", { name: "Newer" })
        .getAttribute("href"),
    ).toBe("/blog/newer");
    expect(first?.textContent).toContain("Play money that keeps score.");
    expect(first?.textContent).toContain("Mara Quill · Mar 2, 2026");
    expect(
      within(within(first as HTMLElement).getByRole("list", { name: "Tags" }))
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["GEMS", "Predictions"]);
  });

  it("follows a card's link to the post", async () => {
    fakeApi({ "GET /api/blog": () => json({ posts: [post()], next: null }) });
    renderAt(<BlogPage />, { at: "/blog" });
    fireEvent.click(await screen.findByRole("link", { name: "Why GEMS" }));
    expect(screen.getByTestId("where").textContent).toBe("/blog/why-gems");
  });

  it("keeps a card's shape when its image fails to load", async () => {
    fakeApi({ "GET /api/blog": () => json({ posts: [post(), post({ id: "p2", image: null })], next: null }) });
    renderAt(<BlogPage />, { at: "/blog" });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [withImage, without] = cards() as [HTMLElement, HTMLElement];
    expect(within(without).getByTestId("image-fallback")).toBeInTheDocument();
    const image = withImage.querySelector("img") as HTMLImageElement;
    fireEvent.error(image);
    expect(withImage.querySelector("img")).toBeNull();
    expect(within(withImage).getByTestId("image-fallback")).toBeInTheDocument();
  });

  it("loads older posts with Load more", async () => {
    const api = fakeApi({
      "GET /api/blog": ({ search }) =>
        search.get("before")
          ? json({ posts: [post({ id: "p0", slug: "oldest" })], next: null })
          : json({ posts: [post()], next: "n1" }),
    });
    renderAt(<BlogPage />, { at: "/blog" });
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.calls.map((call) => call.search.get("before"))).toEqual([null, "n1"]);
  });

  it("says 'No blogs found' when there are no posts", async () => {
    fakeApi({ "GET /api/blog": () => json({ posts: [], next: null }) });
    renderAt(<BlogPage />, { at: "/blog" });
    expect(await screen.findByText("No blogs found")).toBeInTheDocument();
  });

  it("says loading failed, and tries again", async () => {
    let fail = true;
    fakeApi({
      "GET /api/blog": () =>
        fail ? apiError(503, "unavailable", "Unavailable") : json({ posts: [post()], next: null }),
    });
    renderAt(<BlogPage />, { at: "/blog" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load blog posts");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
