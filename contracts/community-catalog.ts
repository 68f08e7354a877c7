/*
 * Comment, notification and Blurts rules and constants, without zod, so the web app can
 * import them (docs/decisions/009); contracts/community.ts holds the API schemas.
 */

import { HANDLE_MAX } from "./accounts-catalog.ts";

/** The longest comment, in UTF-16 code units as a textarea's maxLength counts them. */
export const COMMENT_MAX_LENGTH = 2000;

/** A member may edit their own comment this long after posting it (deleting has no limit). */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;

/** Who wrote a comment when the member has neither a name nor a handle to show. */
export const DEFAULT_COMMENTER = "Anonymous";

/** The comment preview in a notification, in characters as a reader counts them. */
export const NOTIFICATION_PREVIEW_LENGTH = 50;

/** Distinct @handles one comment may notify; further ones stay plain text. */
export const MAX_MENTIONS = 5;

/** The titles a notification carries. */
export const notificationTitles = {
  comment: "New Comment",
  mention: "New Mention",
  won: "Prediction Won",
  lost: "Prediction Lost",
  void: "Prediction Refunded",
} as const;

/** Blurts' filters (the `filter` query parameter, omitted for all). */
export const blurtFilters = ["all", "comments", "predictions", "active", "completed"] as const;
export type BlurtFilter = (typeof blurtFilters)[number];
export const blurtFilterLabels: Record<BlurtFilter, string> = {
  all: "All",
  comments: "Comments",
  predictions: "All Predictions",
  active: "Active Predictions",
  completed: "Completed Predictions",
};

/** Blurts' sorts: won (or lost) predictions first; ties and comments newest first. */
export const blurtSorts = ["newest", "winning", "losing"] as const;
export type BlurtSort = (typeof blurtSorts)[number];
export const blurtSortLabels: Record<BlurtSort, string> = {
  newest: "Newest First",
  winning: "Winning",
  losing: "Losing",
};

/** Where a notification about a comment leads: Blurts, scrolled to that comment. */
export const commentTarget = (commentId: string) => `/blurts?${new URLSearchParams({ comment: commentId })}`;

/** The member's name, else their handle, else 'Anonymous'. */
export function commenterName(author: { username: string | null; handle: string | null }): string {
  return author.username?.trim() || author.handle || DEFAULT_COMMENTER;
}

/** A comment as stored: line breaks made uniform and the ends trimmed. */
export function normaliseComment(content: string): string {
  return content.replace(/\r\n?/g, "\n").trim();
}

/**
 * Whether a comment has nothing to read: only spaces, line breaks and invisible
 * formatting characters (zero-width spaces, direction marks): empty once trimmed, the
 * characters trim() does not know about trimmed too.
 */
export function isBlankComment(content: string): boolean {
  return content.replace(/[\s\p{Cf}]/gu, "") === "";
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The comment preview in a notification, cut to 50 characters with '...'
 * appended when longer. Characters are counted as a reader sees them (an emoji with its
 * modifiers is one), so a cut never splits one; line breaks read as spaces.
 */
export function commentPreview(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  const parts = Array.from(graphemes.segment(flat), (part) => part.segment);
  if (parts.length <= NOTIFICATION_PREVIEW_LENGTH) return flat;
  return `${parts.slice(0, NOTIFICATION_PREVIEW_LENGTH).join("")}...`;
}

const MENTION = new RegExp(`(?<![\\w@/.])@([A-Za-z0-9_]{1,${HANDLE_MAX}})(?![\\w@])`, "g");

/** The distinct handles a comment mentions (`@handle`), lower-cased, at most MAX_MENTIONS. */
export function mentionedHandles(content: string): string[] {
  const handles = new Set<string>();
  for (const match of content.matchAll(MENTION)) {
    handles.add((match[1] as string).toLowerCase());
    if (handles.size === MAX_MENTIONS) break;
  }
  return [...handles];
}

export type CommentPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence more often than a link. */
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

/**
 * A comment as text and http(s) links, for showing it with its links clickable and
 * everything else as plain text. Only http(s) becomes a link: `javascript:` and every
 * other scheme stay text. Trailing punctuation stays outside the link, except a closing
 * bracket the link itself opened (as in Wikipedia addresses).
 */
export function commentParts(content: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of content.matchAll(LINK)) {
    let href = match[0];
    const trailing = TRAILING.exec(href)?.[0] ?? "";
    href = href.slice(0, href.length - trailing.length);
    let kept = "";
    for (const char of trailing) {
      const opened = char === ")" && count(href + kept, "(") > count(href + kept, ")");
      if (!opened) break;
      kept += char;
    }
    href += kept;
    if (!/^https?:\/\/[^/?#\s]+/i.test(href)) continue;
    if (match.index > at) parts.push({ kind: "text", text: content.slice(at, match.index) });
    parts.push({ kind: "link", text: href, href });
    at = match.index + href.length;
  }
  if (at < content.length) parts.push({ kind: "text", text: content.slice(at) });
  return parts;
}

const count = (text: string, char: string) => text.split(char).length - 1;
