import { useSyncExternalStore } from "react";

/*
 * The discussion drawer's state, shared by the article cards (feeds) that open it and the
 * drawer (community) that shows it; features do not import each other, so they meet here.
 */

export type DiscussedArticle = { contentId: string; title: string };

type CountEntry = { base: number; count: number };

let open: DiscussedArticle | null = null;
/**
 * Comment counts the drawer learned, per link. Each remembers the count the feed showed when
 * the drawer opened (`base`): once the feed itself shows another number it has been fetched
 * again since, and the feed's number wins.
 */
const counts = new Map<string, CountEntry>();
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the drawer on an article; `count` is the comment count its card shows now. */
export function openDiscussion(article: DiscussedArticle & { count: number }) {
  open = { contentId: article.contentId, title: article.title };
  const entry = counts.get(article.contentId);
  if (!entry || entry.base !== article.count)
    counts.set(article.contentId, { base: article.count, count: article.count });
  changed();
}

export function closeDiscussion() {
  open = null;
  changed();
}

/** The article whose discussion is open, or null. */
export function useDiscussion(): DiscussedArticle | null {
  return useSyncExternalStore(subscribe, () => open);
}

/** The drawer learned how many comments an article has (after loading, adding or deleting one). */
export function setCommentCount(contentId: string, count: number) {
  const entry = counts.get(contentId);
  if (!entry || entry.count === count) return;
  counts.set(contentId, { base: entry.base, count: Math.max(0, count) });
  changed();
}

/** What a card shows: the drawer's count while the feed still shows the number it had then. */
export function commentCountFor(contentId: string, fromFeed: number): number {
  const entry = counts.get(contentId);
  return entry && entry.base === fromFeed ? entry.count : fromFeed;
}

export function useCommentCount(contentId: string, fromFeed: number): number {
  useSyncExternalStore(subscribe, () => version);
  return commentCountFor(contentId, fromFeed);
}

/** Forgets everything (tests). */
export function resetDiscussion() {
  open = null;
  counts.clear();
  changed();
}
