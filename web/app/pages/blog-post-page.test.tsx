import { screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, post, renderAt } from "../../features/content/test/content.tsx";
import { json } from "../../test/api-fixtures.ts";
import { BlogPostWithCommentsPage } from "./blog-post-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("/blog/{slug}", () => {
  it("shows the post's comments, keyed by the post's url", async () => {
    const api = fakeApi({
      "GET /api/blog/why-gems": () => json(post()),
      "GET /api/comments": () =>
        json({
          comments: [
            {
              id: "c1",
              contentId: "/blog/why-gems",
              contentTitle: "Why GEMS",
              username: "Hal Finney",
              handle: "hal",
              avatar: null,
              content: "Points, not money. Good.",
              timestamp: new Date().toISOString(),
              editedAt: null,
            },
          ],
          next: null,
          total: 1,
        }),
    });
    renderAt(
      <Routes>
        <Route path="/blog/:slug" element={<BlogPostWithCommentsPage />} />
      </Routes>,
      { at: "/blog/why-gems" },
    );
    expect(await screen.findByText("Points, not money. Good.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Comments (1)" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("GET /api/comments")).toHaveLength(1));
    expect(api.callsTo("GET /api/comments")[0]?.search.get("contentId")).toBe("/blog/why-gems");
  });
});
