import { afterEach, describe, expect, it } from "vitest";
import { commentCountFor, openDiscussion, resetDiscussion, setCommentCount } from "./discussion.ts";

const LINK = "https://news.example/a";
afterEach(() => resetDiscussion());

describe("the comment count a card shows", () => {
  it("is the feed's until the drawer learns another", () => {
    expect(commentCountFor(LINK, 3)).toBe(3);
    setCommentCount(LINK, 9); // not opened from a card: nothing to correct
    expect(commentCountFor(LINK, 3)).toBe(3);
    openDiscussion({ contentId: LINK, title: "A", count: 3 });
    setCommentCount(LINK, 5);
    expect(commentCountFor(LINK, 3)).toBe(5);
    expect(commentCountFor("https://news.example/b", 1)).toBe(1);
  });

  it("gives way to the feed once the feed has been fetched again with another count", () => {
    openDiscussion({ contentId: LINK, title: "A", count: 3 });
    setCommentCount(LINK, 5);
    expect(commentCountFor(LINK, 7)).toBe(7);
    // Opening again from the refreshed card starts from its count.
    openDiscussion({ contentId: LINK, title: "A", count: 7 });
    expect(commentCountFor(LINK, 7)).toBe(7);
  });

  it("is never below 0", () => {
    openDiscussion({ contentId: LINK, title: "A", count: 0 });
    setCommentCount(LINK, -1);
    expect(commentCountFor(LINK, 0)).toBe(0);
  });
});
