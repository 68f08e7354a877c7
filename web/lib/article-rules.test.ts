import { describe, expect, it } from "vitest";
import type { FeedItem } from "../../contracts/feeds.ts";
import { handleOf, hostOf, nextVote, showsImage, sortByVotes, uniqueByLink, withVote } from "./article-rules.ts";

const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  id: "1",
  title: "Bitcoin hits record",
  link: "https://news.example/a",
  pubDate: "2026-11-22T10:00:00.000Z",
  undated: false,
  description: "",
  image: null,
  source: "news.example",
  creator: "Unknown",
  votes: { up: 0, down: 0 },
  myVote: null,
  comments: 0,
  story: null,
  coins: [],
  read: false,
  ...over,
});

describe("image rules of the article card", () => {
  it.each([
    [null, false, false],
    ["", false, false],
    ["https://img.example/undefined.jpg", false, false],
    ["https://img.example/a.jpg", true, false],
    ["https://img.example/a.jpg", false, true],
  ] as const)("image %s, failed %s → shown %s", (image, failed, shown) => {
    expect(showsImage(image, failed)).toBe(shown);
  });
});

describe("vote transitions", () => {
  it("a first vote counts in its direction", () => {
    expect(nextVote(null, "up")).toBe("up");
    expect(withVote(item({ votes: { up: 2, down: 1 } }), "up")).toMatchObject({
      votes: { up: 3, down: 1 },
      myVote: "up",
    });
  });

  it("the same direction again removes the vote", () => {
    const voted = item({ votes: { up: 3, down: 1 }, myVote: "up" });
    expect(nextVote("up", "up")).toBeNull();
    expect(withVote(voted, nextVote(voted.myVote, "up"))).toMatchObject({ votes: { up: 2, down: 1 }, myVote: null });
  });

  it("the other direction moves the vote and adjusts both counts", () => {
    const voted = item({ votes: { up: 3, down: 1 }, myVote: "up" });
    expect(nextVote("up", "down")).toBe("down");
    expect(withVote(voted, "down")).toMatchObject({ votes: { up: 2, down: 2 }, myVote: "down" });
    expect(withVote(item({ votes: { up: 0, down: 4 }, myVote: "down" }), "up")).toMatchObject({
      votes: { up: 1, down: 3 },
      myVote: "up",
    });
  });

  it("never counts below zero, even from a stale count", () => {
    expect(withVote(item({ votes: { up: 0, down: 0 }, myVote: "up" }), null).votes).toEqual({ up: 0, down: 0 });
  });
});

describe("text helpers", () => {
  it("reads hosts without www, and nothing from a bad link", () => {
    expect(hostOf("https://www.coindesk.com/x")).toBe("coindesk.com");
    expect(hostOf("nope")).toBeNull();
  });

  it("derives a social handle from the creator", () => {
    expect(handleOf("Crypto Clips")).toBe("@cryptoclips");
    expect(handleOf("Zoë Ünal")).toBe("@zoeunal");
    expect(handleOf("!!!")).toBe("@unknown");
    expect(handleOf("A very long creator name indeed")).toBe("@averylongcreato");
  });
});

describe("lists", () => {
  it("keeps the first article of each link", () => {
    const merged = uniqueByLink([item({ id: "a" }), item({ id: "b" }), item({ id: "c", link: "https://x.example/c" })]);
    expect(merged.map((i) => i.id)).toEqual(["a", "c"]);
  });

  it("sorts by up or down votes, newest first on ties, and keeps the order for newest", () => {
    const list = [
      item({ id: "old", pubDate: "2026-11-20T00:00:00Z", votes: { up: 5, down: 0 } }),
      item({ id: "new", pubDate: "2026-11-22T00:00:00Z", votes: { up: 5, down: 2 } }),
      item({ id: "mid", pubDate: "2026-11-21T00:00:00Z", votes: { up: 1, down: 9 } }),
    ];
    expect(sortByVotes(list, "up").map((i) => i.id)).toEqual(["new", "old", "mid"]);
    expect(sortByVotes(list, "down").map((i) => i.id)).toEqual(["mid", "new", "old"]);
    expect(sortByVotes(list, "newest").map((i) => i.id)).toEqual(["old", "new", "mid"]);
  });
});
