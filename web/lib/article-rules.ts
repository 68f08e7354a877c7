import type { FeedItem } from "../../contracts/feeds.ts";
import { articleKey } from "./articles.ts";

/** On an article card, an image shows only if present, free of 'undefined', and not failed to load. */
export function showsImage(image: string | null | undefined, failed: boolean): image is string {
  return Boolean(image) && !image?.includes("undefined") && !failed;
}

/** The host of an article's link without "www.", or null for a missing or unreadable link. */
export function hostOf(link: string): string | null {
  try {
    return new URL(link).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

export type Vote = FeedItem["myVote"];

/** A vote in the same direction again removes the vote; the other direction moves it. */
export function nextVote(current: Vote, clicked: "up" | "down"): Vote {
  return current === clicked ? null : clicked;
}

/** An article's counts after the reader's vote changes from its current one to `next`. */
export function withVote<T extends Pick<FeedItem, "votes" | "myVote">>(item: T, next: Vote): T {
  const votes = { ...item.votes };
  if (item.myVote) votes[item.myVote] = Math.max(0, votes[item.myVote] - 1);
  if (next) votes[next] += 1;
  return { ...item, votes, myVote: next };
}

/** The social feed's handle, derived from the creator, e.g. "Crypto Clips" → "@cryptoclips". */
export function handleOf(creator: string): string {
  const handle = creator
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 15);
  return `@${handle || "unknown"}`;
}

/** The distinct sources of a list of articles, sorted, for a source filter. */
export function sourcesOf(items: readonly FeedItem[]): string[] {
  return [...new Set(items.map((item) => item.source).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Each link once (the first seen), for lists merged from several feeds. */
export function uniqueByLink(items: readonly FeedItem[]): FeedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = articleKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type VoteSort = "newest" | "up" | "down";

/** The shared grid sorts by up votes or down votes; newest first otherwise. */
export function sortByVotes(items: readonly FeedItem[], sort: VoteSort): FeedItem[] {
  if (sort === "newest") return [...items];
  return [...items].sort((a, b) => b.votes[sort] - a.votes[sort] || Date.parse(b.pubDate) - Date.parse(a.pubDate));
}
