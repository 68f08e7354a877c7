/*
 * Half-written comments, kept in memory per member and article while the tab lives:
 * closing the discussion drawer (Escape, a click beside it) must not throw one away.
 * Each is at most 2,000 characters and goes once sent.
 */

const drafts = new Map<string, string>();
const keyOf = (memberId: string, contentId: string) => `${memberId} ${contentId}`;

/** What the member had written on the article and not sent ("" when nothing). */
export const draftFor = (memberId: string, contentId: string) => drafts.get(keyOf(memberId, contentId)) ?? "";

/** Keeps what is in the box now; an empty box forgets the draft. */
export function keepDraft(memberId: string, contentId: string, text: string) {
  if (text) drafts.set(keyOf(memberId, contentId), text);
  else drafts.delete(keyOf(memberId, contentId));
}

/** Forgets every draft (tests). */
export function resetDrafts() {
  drafts.clear();
}
