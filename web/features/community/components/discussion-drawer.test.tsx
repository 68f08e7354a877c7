import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { openDiscussion, resetDiscussion, useCommentCount } from "../../../lib/discussion.ts";
import { json } from "../../../test/api-fixtures.ts";
import { resetDrafts } from "../drafts.ts";
import { asMember, comment, renderWith, satoshi } from "../test/community.tsx";
import { DiscussionDrawer } from "./discussion-drawer.tsx";

const ARTICLE = "https://news.example/bitcoin-record";

/**
 * A stand-in for an article card's comments button, built the way the card's is: the count
 * from the feed unless the drawer has learned a newer one. (article-card.test.tsx checks the card.)
 */
function CommentsButton({ item }: { item: Pick<FeedItem, "link" | "title" | "comments"> }) {
  const count = useCommentCount(item.link, item.comments);
  return (
    <button
      type="button"
      aria-label={`Comments (${count})`}
      onClick={() => openDiscussion({ contentId: item.link, title: item.title, count: item.comments })}
    >
      {count}
    </button>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "POST") return json(comment({ id: "c9", handle: "satoshi", username: null }), 201);
    if (String(input).startsWith("/api/comments?")) {
      return json({ comments: [comment({ id: "c2" }), comment({ id: "c1" })], next: null, total: 5 });
    }
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  resetDrafts();
  vi.unstubAllGlobals();
  resetDiscussion();
});

function renderCardAndDrawer() {
  return renderWith(
    <>
      <CommentsButton item={{ link: ARTICLE, title: "Bitcoin hits record high", comments: 3 }} />
      <DiscussionDrawer />
    </>,
    { me: asMember(satoshi) },
  );
}

describe("the discussion drawer", () => {
  it("opens on the article's comments, titled with the article, with focus inside", async () => {
    renderCardAndDrawer();
    const button = screen.getByRole("button", { name: "Comments (3)" });
    button.focus();
    fireEvent.click(button);
    const drawer = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    expect(drawer.hasAttribute("open")).toBe(true);
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(within(drawer).getByRole("link", { name: "Read the article" }).getAttribute("href")).toBe(ARTICLE);
    expect(await within(drawer).findAllByRole("article")).toHaveLength(2);
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    renderCardAndDrawer();
    const button = screen.getByRole("button", { name: "Comments (3)" });
    button.focus();
    fireEvent.click(button);
    const drawer = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    fireEvent.keyDown(drawer, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Comments/ }));
  });

  it("keeps Escape in an edit box for the edit: the drawer stays open", async () => {
    fetchMock.mockImplementation(async () =>
      json({ comments: [comment({ id: "c1", handle: "satoshi", username: null })], next: null, total: 1 }),
    );
    renderCardAndDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Comments (3)" }));
    const drawer = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    fireEvent.click(await within(drawer).findByRole("button", { name: "Edit" }));
    fireEvent.keyDown(within(drawer).getByRole("textbox", { name: "Edit your comment" }), { key: "Escape" });
    expect(within(drawer).queryByRole("textbox", { name: "Edit your comment" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Bitcoin hits record high" })).toBeInTheDocument();
  });

  it("keeps a half-written comment when it closes, back when it opens on that article again, gone once sent", async () => {
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json(comment({ id: "c9", handle: "satoshi", username: null }), 201);
      }
      return json({ comments: [], next: null, total: 0 });
    });
    renderCardAndDrawer();
    const box = () => screen.getByRole("textbox", { name: "Your comment" }) as HTMLTextAreaElement;
    const reopen = async () => {
      fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      fireEvent.click(screen.getByRole("button", { name: /Comments/ }));
      await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    };
    fireEvent.click(screen.getByRole("button", { name: "Comments (3)" }));
    await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    fireEvent.change(box(), { target: { value: "Half a thought about" } });
    await reopen();
    expect(box().value).toBe("Half a thought about");
    // Another article's drawer starts empty.
    act(() => openDiscussion({ contentId: "https://news.example/other", title: "Other", count: 0 }));
    expect(
      ((await screen.findByRole("dialog", { name: "Other" })).querySelector("textarea") as HTMLTextAreaElement).value,
    ).toBe("");
    act(() => openDiscussion({ contentId: ARTICLE, title: "Bitcoin hits record high", count: 3 }));
    await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    fireEvent.change(box(), { target: { value: "Half a thought about ETFs" } });
    fireEvent.keyDown(box(), { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(box().value).toBe(""));
    expect(posted).toEqual([{ contentId: ARTICLE, content: "Half a thought about ETFs" }]);
    await reopen();
    expect(box().value).toBe("");
  });

  it("forgets the draft once sent even when the drawer was closed while it was being sent", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST"
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : json({ comments: [], next: null, total: 0 }),
    );
    renderCardAndDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Comments (3)" }));
    const drawer = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    const box = within(drawer).getByRole("textbox", { name: "Your comment" });
    fireEvent.change(box, { target: { value: "sent as the drawer closed" } });
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    fireEvent.keyDown(drawer, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await act(async () => answer(json(comment({ id: "c9", handle: "satoshi", username: null }), 201)));
    fireEvent.click(screen.getByRole("button", { name: /Comments/ }));
    const again = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    expect((within(again).getByRole("textbox", { name: "Your comment" }) as HTMLTextAreaElement).value).toBe("");
  });

  it("brings the card's count up to date from what it loads and adds, without fetching the feed", async () => {
    renderCardAndDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Comments (3)" }));
    const drawer = await screen.findByRole("dialog", { name: "Bitcoin hits record high" });
    // The page behind the modal drawer is out of reach to roles, so the count is read from the button itself.
    await waitFor(() => expect(screen.getByText("5", { selector: "button" })).toBeInTheDocument());
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Your comment" }), { target: { value: "gm" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(screen.getByText("6", { selector: "button" })).toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.startsWith("/api/feeds"))).toBe(false);
  });
});
