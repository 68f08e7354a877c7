import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setCommentCount, useDiscussion } from "../../../lib/discussion.ts";
import { visitor } from "../../../test/feed-items.ts";
import { article, articleCardHooks, lastToast, renderCard } from "../test/article-card.tsx";

articleCardHooks();

/** What the discussion drawer would show (the drawer itself is tested in features/community). */
function OpenDiscussion() {
  const open = useDiscussion();
  return <output data-testid="discussion">{open ? `${open.contentId} | ${open.title}` : "closed"}</output>;
}

describe("ArticleCard sharing, token search and discussion", () => {
  it("copies the link when the browser cannot share, with the 'Link copied' toast", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    renderCard(article(), visitor);
    fireEvent.click(screen.getByRole("button", { name: "Share article" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("https://news.example/bitcoin-record"));
    expect(lastToast()).toMatchObject({ title: "Link copied", description: "Article link copied to clipboard" });
  });

  it("falls back to copying when sharing fails, but not when the reader cancels", async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => {
      throw new DOMException("cancelled", "AbortError");
    });
    vi.stubGlobal("navigator", { ...navigator, share, clipboard: { writeText } });
    renderCard(article(), visitor);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Share article" })));
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    share.mockImplementation(async () => {
      throw new DOMException("no", "NotAllowedError");
    });
    fireEvent.click(screen.getByRole("button", { name: "Share article" }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
  });

  it("suggests tokens as the reader types and opens the chosen token's page", async () => {
    renderCard(article(), visitor);
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "sol" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["SOLSolana"]);
    fireEvent.keyDown(box, { key: "Enter" });
    await screen.findByText("token page");
  });

  it("shows the article's comment count and opens its discussion", () => {
    renderCard(article({ comments: 3 }), visitor);
    render(<OpenDiscussion />);
    const button = screen.getByRole("button", { name: "Comments (3)" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    fireEvent.click(button);
    expect(screen.getByTestId("discussion").textContent).toBe(
      "https://news.example/bitcoin-record | Bitcoin hits record high",
    );
    // The drawer's newer count shows on the card without the feed being fetched again.
    act(() => setCommentCount("https://news.example/bitcoin-record", 4));
    expect(screen.getByRole("button", { name: "Comments (4)" })).toBeInTheDocument();
  });

  it("offers no discussion for an item without an http(s) link", () => {
    renderCard(article({ link: "" }), visitor);
    expect((screen.getByRole("button", { name: "Comments (0)" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "Read in Gemwire" })).toBeNull();
  });
});
