import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAnalysis, useAnalysis } from "../../../lib/analysis.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { fakeApi, post, renderAt } from "../test/content.tsx";
import { BlogPostPage } from "./blog-post-page.tsx";

afterEach(() => {
  closeAnalysis();
  vi.unstubAllGlobals();
});

/** What the analysis dialog would be asked to show (the dialog itself lives with the feeds). */
function AnalysisProbe() {
  const { subject, loading } = useAnalysis();
  return <output data-testid="analysis">{subject ? JSON.stringify({ ...subject, loading }) : ""}</output>;
}

function renderPost(slug: string) {
  renderAt(
    <>
      <Routes>
        <Route
          path="/blog/:slug"
          element={<BlogPostPage renderComments={(shown) => <p data-testid="comments">comments on {shown.url}</p>} />}
        />
      </Routes>
      <AnalysisProbe />
    </>,
    { at: `/blog/${slug}` },
  );
}

describe("BlogPostPage", () => {
  it("shows the image, title, author, date, paragraphs split on blank lines, tags, then the comments", async () => {
    const api = fakeApi({
      "GET /api/blog/why-gems": () =>
        json(post({ content: "First line\nstill first.\n\n\nSecond paragraph.\n  \nThird." })),
    });
    renderPost("why-gems");
    const heading = await screen.findByRole("heading", { level: 1, name: "Why GEMS" });
    expect(document.title).toBe("Why GEMS · Gemwire");
    const article = screen.getByRole("article");
    expect(article.querySelector("img")?.getAttribute("src")).toBe("https://images.example/gems.png");
    expect(article.textContent).toContain("By Mara Quill");
    expect(within(article).getByText("Mar 2, 2026").getAttribute("datetime")).toBe("2026-03-02T10:00:00.000Z");
    const paragraphs = [...article.querySelectorAll("p.whitespace-pre-line")].map((p) => p.textContent);
    expect(paragraphs).toEqual(["First line\nstill first.", "Second paragraph.", "Third."]);
    expect(
      within(article)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["GEMS", "Predictions"]);
    // The comments come after the post, keyed by its url.
    const comments = screen.getByTestId("comments");
    expect(comments.textContent).toBe("comments on /blog/why-gems");
    expect(heading.compareDocumentPosition(comments) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(api.calls.map((call) => call.path)).toEqual(["/api/blog/why-gems"]);
  });

  it("shows hostile content as text, never as markup", async () => {
    const hostile = '<script>window.pwned = true</script>\n\n<img src=x onerror="window.pwned = true">';
    fakeApi({
      "GET /api/blog/hostile": () =>
        json(
          post({ slug: "hostile", title: "<b>bold</b>", content: hostile, author: "<i>me</i>", tags: ["<u>t</u>"] }),
        ),
    });
    renderPost("hostile");
    await screen.findByRole("heading", { level: 1, name: "<b>bold</b>" });
    const article = screen.getByRole("article");
    expect(article.querySelector("script, b, i, u")).toBeNull();
    expect(article.querySelectorAll("img")).toHaveLength(1); // the post's own image only
    expect(screen.getByText("<script>window.pwned = true</script>")).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror="window.pwned = true">')).toBeInTheDocument();
    expect(article.textContent).toContain("By <i>me</i>");
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("leaves the image out when it fails to load", async () => {
    fakeApi({ "GET /api/blog/why-gems": () => json(post()) });
    renderPost("why-gems");
    await screen.findByRole("heading", { level: 1, name: "Why GEMS" });
    fireEvent.error(screen.getByRole("article").querySelector("img") as HTMLImageElement);
    expect(screen.getByRole("article").querySelector("img")).toBeNull();
  });

  it("says 'Post not found' for a slug no post has, with a way back to the blog", async () => {
    fakeApi({ "GET /api/blog/nope": () => apiError(404, "not_found", "Post not found") });
    renderPost("nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Post not found" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Back to the blog" }));
    expect(screen.getByTestId("where").textContent).toBe("/blog");
    expect(screen.queryByTestId("comments")).toBeNull();
  });

  it("says loading failed and tries again", async () => {
    let fail = true;
    fakeApi({
      "GET /api/blog/why-gems": () => (fail ? apiError(503, "unavailable", "Unavailable") : json(post())),
    });
    renderPost("why-gems");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the post");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Why GEMS" })).toBeInTheDocument());
  });

  it("analyses the post from its /blog/<slug>, and waits while that analysis is on its way", async () => {
    fakeApi({ "GET /api/blog/why-gems": () => json(post()) });
    renderPost("why-gems");
    const analyze = await screen.findByRole("button", { name: "Analyze post" });
    expect(analyze.getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.getByTestId("analysis").textContent).toBe("");
    fireEvent.click(analyze);
    expect(JSON.parse(screen.getByTestId("analysis").textContent ?? "")).toEqual({
      kind: "post",
      title: "Why GEMS",
      url: "/blog/why-gems",
      loading: true,
    });
    expect((screen.getByRole("button", { name: "Analyzing…" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
