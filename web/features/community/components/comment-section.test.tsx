import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Comment } from "../../../../contracts/community.ts";
import { COMMENT_EDIT_WINDOW_MS } from "../../../../contracts/community-catalog.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { resetDrafts } from "../drafts.ts";
import { asMember, comment, hal, renderWith, satoshi, urls, visitor } from "../test/community.tsx";
import { CommentSection } from "./comment-section.tsx";

const ARTICLE = "https://news.example/bitcoin-record";
const page = (comments: Comment[], next: string | null = null, total = comments.length) =>
  json({ comments, next, total });

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /api/comments answers, page by page (by `before`). */
let pages: Record<string, () => Response>;
/** What POST, PATCH and DELETE answer. */
let writes: (method: string, url: string, body: unknown) => Response;

beforeEach(() => {
  pages = { first: () => page([]) };
  writes = () => apiError(500, "internal_error", "Something went wrong");
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (method !== "GET") return writes(method, url, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (url.startsWith("/api/comments?")) {
      const before = new URL(url, "http://x").searchParams.get("before");
      return (pages[before ?? "first"] ?? (() => apiError(404, "not_found", "No such page")))();
    }
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  resetDrafts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

const renderSection = (me = asMember(satoshi), at = "/news") =>
  renderWith(<CommentSection contentId={ARTICLE} />, { me, at });

const box = () => screen.getByRole("textbox", { name: "Your comment" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Comment" }) as HTMLButtonElement;
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "POST");

describe("CommentSection: loading and showing", () => {
  it("asks for the article's comments and shows them newest first with who, when and what", async () => {
    pages.first = () =>
      page(
        [
          comment({ id: "c3", username: null, handle: "satoshi", content: "third" }),
          comment({ id: "c2", username: null, handle: null, content: "second" }),
          comment({ id: "c1", content: "first", editedAt: new Date().toISOString() }),
        ],
        null,
        3,
      );
    renderSection();
    const list = await screen.findByRole("list", { name: "Comments, newest first" });
    expect(urls(fetchMock)).toContain(`/api/comments?contentId=${encodeURIComponent(ARTICLE)}`);
    const items = within(list).getAllByRole("article");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual([
      "Comment by satoshi",
      "Comment by Anonymous",
      "Comment by Hal Finney",
    ]);
    expect(items[2]?.textContent).toContain("(edited)");
    expect(items[0]?.textContent).toContain("1m ago");
    expect(screen.getByRole("heading", { name: "Comments (3)" })).toBeInTheDocument();
  });

  it("says when there are none yet", async () => {
    renderSection();
    expect(await screen.findByText("No comments yet — start the discussion.")).toBeInTheDocument();
  });

  it("says 'Failed to load comments' in place, and tries again on request", async () => {
    pages.first = () => apiError(500, "internal_error", "Something went wrong");
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load comments");
    pages.first = () => page([comment()]);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Running bitcoin")).toBeInTheDocument();
  });

  it("loads older comments a page at a time with the page's `next`", async () => {
    pages.first = () => page([comment({ id: "c2", content: "newer" })], "cursor-1", 2);
    pages["cursor-1"] = () => page([comment({ id: "c1", content: "older" })], null, 2);
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("older")).toBeInTheDocument();
    expect(urls(fetchMock)).toContain(`/api/comments?contentId=${encodeURIComponent(ARTICLE)}&before=cursor-1`);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});

describe("CommentSection: writing", () => {
  it("shows a visitor a sign-in prompt that comes back here, and no form", async () => {
    renderSection(visitor, "/news");
    await screen.findByText("No comments yet — start the discussion.");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Fnews");
  });

  it.each([
    ["nothing", ""],
    ["spaces and line breaks", "   \n\t  "],
    ["zero-width and direction marks", "\u200B\u200E\u202E\uFEFF"],
  ])("sends nothing when the text is %s", async (_name, text) => {
    renderSection();
    await screen.findByText("No comments yet — start the discussion.");
    fireEvent.change(box(), { target: { value: text } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: "Enter", ctrlKey: true });
    fireEvent.submit(box().closest("form") as HTMLFormElement);
    expect(posts()).toHaveLength(0);
  });

  it("sends the trimmed text with Ctrl+Enter, empties the box and puts the comment on top", async () => {
    pages.first = () => page([comment({ id: "c1", content: "older one" })], null, 1);
    writes = (method, url, body) => {
      expect([method, url, body]).toEqual(["POST", "/api/comments", { contentId: ARTICLE, content: "gm\nfrens" }]);
      return json(comment({ id: "c9", handle: "satoshi", username: null, content: "gm\nfrens" }), 201);
    };
    renderSection();
    await screen.findByText("older one");
    fireEvent.change(box(), { target: { value: "  gm\r\nfrens  " } });
    fireEvent.keyDown(box(), { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(box().value).toBe(""));
    const items = within(screen.getByRole("list", { name: "Comments, newest first" })).getAllByRole("article");
    expect(items[0]?.textContent).toContain("gm\nfrens");
    expect(screen.getByRole("heading", { name: "Comments (2)" })).toBeInTheDocument();
  });

  it("sends with Cmd+Enter too, and with the button", async () => {
    let sent = 0;
    writes = () => json(comment({ id: `c${++sent}`, handle: "satoshi" }), 201);
    renderSection();
    await screen.findByText("No comments yet — start the discussion.");
    fireEvent.change(box(), { target: { value: "one" } });
    fireEvent.keyDown(box(), { key: "Enter", metaKey: true });
    await waitFor(() => expect(box().value).toBe(""));
    fireEvent.change(box(), { target: { value: "two" } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(box().value).toBe(""));
    expect(posts()).toHaveLength(2);
    // A plain Enter is a new line, not a send.
    fireEvent.change(box(), { target: { value: "three" } });
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(posts()).toHaveLength(2);
  });

  it("says 'User not authenticated' when the session has gone, keeps the text and offers to sign in", async () => {
    writes = () => apiError(401, "unauthenticated", "User not authenticated");
    renderSection(asMember(satoshi), "/news");
    await screen.findByText("No comments yet — start the discussion.");
    fireEvent.change(box(), { target: { value: "hello" } });
    fireEvent.click(sendButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("User not authenticated");
    expect(within(alert).getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/login?next=%2Fnews");
    expect(box().value).toBe("hello");
  });

  it("shows the server's message when the member comments too fast", async () => {
    writes = () => apiError(429, "rate_limited", "Too many comments: wait a minute and try again");
    renderSection();
    await screen.findByText("No comments yet — start the discussion.");
    fireEvent.change(box(), { target: { value: "spam" } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Too many comments: wait a minute and try again");
    expect(box().value).toBe("spam");
  });

  it("holds at most 2,000 characters and counts them near the limit", async () => {
    renderSection();
    await screen.findByText("No comments yet — start the discussion.");
    expect(box().maxLength).toBe(2000);
    fireEvent.change(box(), { target: { value: "x".repeat(100) } });
    expect(screen.queryByText(/of 2,000 characters/)).toBeNull();
    fireEvent.change(box(), { target: { value: "x".repeat(1850) } });
    expect(screen.getByText("1,850 of 2,000 characters")).toBeInTheDocument();
  });
});

describe("CommentSection: editing and deleting", () => {
  it("lets the author edit within 15 minutes; Edit goes away when the window closes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const posted = Date.now() - (COMMENT_EDIT_WINDOW_MS - 2_000);
    pages.first = () => page([comment({ handle: "hal", timestamp: new Date(posted).toISOString() })]);
    renderSection(asMember(hal));
    const item = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    expect(within(item).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2_100));
    expect(within(item).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(item).getByRole("button", { name: "Delete" })).toBeInTheDocument();
  });

  it("saves an edit with PATCH and shows the new text, marked edited", async () => {
    pages.first = () => page([comment({ handle: "hal" })]);
    writes = (method, url, body) => {
      expect([method, url, body]).toEqual(["PATCH", "/api/comments/c1", { content: "Running bitcoin 2" }]);
      return json(comment({ content: "Running bitcoin 2", editedAt: new Date().toISOString() }));
    };
    renderSection(asMember(hal));
    const item = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    fireEvent.click(within(item).getByRole("button", { name: "Edit" }));
    const editor = within(item).getByRole("textbox", { name: "Edit your comment" }) as HTMLTextAreaElement;
    expect(editor.value).toBe("Running bitcoin");
    fireEvent.change(editor, { target: { value: "   " } });
    expect((within(item).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(editor, { target: { value: "Running bitcoin 2" } });
    fireEvent.click(within(item).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(item).queryByRole("textbox")).toBeNull());
    expect(item.querySelector("p[dir=auto]")?.textContent).toBe("Running bitcoin 2");
    expect(item.textContent).toContain("(edited)");
  });

  it("asks before deleting, then removes the comment and lowers the count", async () => {
    pages.first = () =>
      page([comment({ handle: "hal" }), comment({ id: "c0", username: null, handle: "satoshi", content: "other" })]);
    writes = (method, url) => {
      expect([method, url]).toEqual(["DELETE", "/api/comments/c1"]);
      return new Response(null, { status: 204 });
    };
    renderSection(asMember(hal));
    const item = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    expect(within(item).getByText("Delete this comment?")).toBeInTheDocument();
    fireEvent.click(within(item).getByRole("button", { name: "Keep it" }));
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "DELETE")).toBe(false);
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Running bitcoin")).toBeNull());
    expect(screen.getByText("other")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Comments (1)" })).toBeInTheDocument();
  });

  it("says in place why an edit or a delete was refused, keeping the edit open", async () => {
    pages.first = () => page([comment({ handle: "hal" })]);
    writes = (method) =>
      method === "PATCH"
        ? apiError(403, "edit_window_closed", "A comment can be edited for 15 minutes after posting")
        : apiError(500, "internal_error", "Something went wrong");
    renderSection(asMember(hal));
    const item = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    fireEvent.click(within(item).getByRole("button", { name: "Edit" }));
    fireEvent.change(within(item).getByRole("textbox"), { target: { value: "changed" } });
    fireEvent.click(within(item).getByRole("button", { name: "Save" }));
    expect((await within(item).findByRole("alert")).textContent).toBe(
      "Not saved: A comment can be edited for 15 minutes after posting",
    );
    expect((within(item).getByRole("textbox") as HTMLTextAreaElement).value).toBe("changed");
    fireEvent.click(within(item).getByRole("button", { name: "Cancel" }));
    expect(within(item).queryByRole("alert")).toBeNull();
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    expect((await within(item).findByRole("alert")).textContent).toBe("Not deleted: Something went wrong");
    expect(screen.getByText("Running bitcoin")).toBeInTheDocument();
  });

  it("shows another member neither Edit nor Delete, and the admin Delete on anyone's comment", async () => {
    pages.first = () => page([comment({ handle: "hal" })]);
    const { view } = renderSection(asMember(satoshi));
    const item = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    expect(within(item).queryByRole("button")).toBeNull();
    view.unmount();
    renderSection(asMember(satoshi, true));
    const asAdmin = await screen.findByRole("article", { name: "Comment by Hal Finney" });
    expect(within(asAdmin).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(within(asAdmin).queryByRole("button", { name: "Edit" })).toBeNull();
  });
});
