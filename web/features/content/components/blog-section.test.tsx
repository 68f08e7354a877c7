import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { fakeApi, post, renderAt } from "../test/content.tsx";
import { BlogSection } from "./blog-section.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the home page's BlogSection", () => {
  it("shows the three newest posts on 400 px cards, with a link to all posts", async () => {
    const api = fakeApi({
      "GET /api/blog": () =>
        json({
          posts: [1, 2, 3].map((n) => post({ id: `p${n}`, slug: `post-${n}`, title: `Post ${n}` })),
          next: "more",
        }),
    });
    renderAt(<BlogSection />);
    const section = await screen.findByRole("region", { name: "From the Blog" });
    const items = [...section.querySelectorAll('ul[aria-label="Latest posts"] > li')];
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.className).toContain("w-[400px]");
    expect(within(section).getByRole("link", { name: "Post 1" }).getAttribute("href")).toBe("/blog/post-1");
    expect(within(section).getByRole("link", { name: "All posts" }).getAttribute("href")).toBe("/blog");
    expect(api.calls[0]?.search.get("limit")).toBe("3");
  });

  it("is not there while there are no posts", async () => {
    const api = fakeApi({ "GET /api/blog": () => json({ posts: [], next: null }) });
    const { view } = renderAt(<BlogSection />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region")).toBeNull();
    expect(view.container.textContent).toBe("/");
  });

  it("says in one line that the posts could not load, and tries again", async () => {
    let fail = true;
    fakeApi({
      "GET /api/blog": () =>
        fail ? apiError(503, "unavailable", "Unavailable") : json({ posts: [post()], next: null }),
    });
    renderAt(<BlogSection />);
    const section = await screen.findByRole("region", { name: "From the Blog" });
    expect(within(section).getByRole("status").textContent).toContain("Could not load the latest blog posts.");
    fail = false;
    fireEvent.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByRole("link", { name: "Why GEMS" })).toBeInTheDocument();
  });
});
