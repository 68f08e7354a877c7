import { createHash } from "node:crypto";
import { firstImageSource, htmlToText, withoutControls } from "./html-text.ts";
import { dropMarkupStarts, isInertText } from "./inert-text.ts";
import type { RawItem } from "./raw-item.ts";

/** A feed item after the spec's normalising rules (§3), before votes are attached. */
export type NormalisedItem = {
  id: string;
  title: string;
  link: string;
  pubDate: Date;
  /** False when the feed gave no usable date and pubDate is the fetch time. */
  dated: boolean;
  description: string;
  image: string | null;
  source: string;
  creator: string;
};

/** Stored descriptions are capped; cards show 100-character snippets. */
export const MAX_DESCRIPTION = 2_000;
const MAX_TITLE = 500;
/** Longer ids are stored as a hash (they are keys); longer addresses are dropped. */
const MAX_ID = 512;
const MAX_URL = 2_048;
/** A date further ahead than this is a feed's mistake; the fetch time is used instead. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Only http(s) addresses reach a page; `javascript:` and other schemes are dropped. */
export function safeHttpUrl(raw: string | undefined, base?: string): string | undefined {
  if (!raw || raw.length > MAX_URL) return undefined;
  const trimmed = raw.trim();
  try {
    const url = new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed, base);
    const ok = (url.protocol === "http:" || url.protocol === "https:") && url.href.length <= MAX_URL;
    return ok ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A guid stands in for a missing link only when it is an absolute http(s) address the feed
 * does not mark `isPermaLink="false"`; anything else is an id, and resolving it against the
 * feed's address would make up a page that does not exist.
 */
function guidAsLink(raw: RawItem): string | undefined {
  const guid = raw.guid?.trim();
  if (!guid || raw.guidIsPermaLink === false || !/^https?:\/\//i.test(guid)) return undefined;
  return safeHttpUrl(guid);
}

function parseDate(raw: string | undefined, fetchedAt: Date): Date | undefined {
  if (!raw) return undefined;
  const time = Date.parse(raw.trim());
  if (Number.isNaN(time) || time > fetchedAt.getTime() + FUTURE_TOLERANCE_MS) return undefined;
  return new Date(time);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A field's plain text, cut to its length. Checked once more after the cut, so what is
 * stored keeps the rule in inert-text.ts however the steps before it change.
 */
export function plainText(html: string | undefined, max: number): string {
  const text = html ? clip(htmlToText(html), max) : "";
  return isInertText(text) ? text : dropMarkupStarts(text);
}

function hostOf(link: string | undefined): string | undefined {
  if (!link) return undefined;
  return new URL(link).hostname.replace(/^www\./, "") || undefined;
}

/** The first usable picture, in the spec's order; later candidates are not even looked at. */
function firstImage(raw: RawItem, rawDescription: string, base: string | undefined): string | null {
  const candidates = [
    () => raw.enclosureUrl,
    () => raw.mediaContentUrl,
    () => raw.mediaThumbnailUrl,
    () => raw.image,
    () => firstImageSource(rawDescription),
  ];
  for (const candidate of candidates) {
    const value = candidate();
    const url = value?.includes("undefined") ? undefined : safeHttpUrl(value, base);
    if (url) return url;
  }
  return null;
}

/** The title given to an item its feed left untitled. */
export const UNTITLED = "Untitled";

/**
 * Applies spec §3: id from guid, else link, else title plus publication time; title
 * defaults to 'Untitled'; pubDate falls back to the fetch time; description becomes plain
 * text; link is the item's link, else its guid when that is an absolute http(s) address
 * and a permalink; image is the first of enclosure, media content, media thumbnail, image
 * field, first img in the description; source falls back to the link's host, else
 * 'Unknown Source'; creator to 'Unknown'. Returns undefined for an item with nothing to show.
 */
export function normaliseItem(raw: RawItem, fetchedAt: Date, base?: string): NormalisedItem | undefined {
  const link = safeHttpUrl(raw.link, base) ?? guidAsLink(raw);
  const title = plainText(raw.title, MAX_TITLE);
  const rawDescription = raw.description ?? "";
  const description = plainText(rawDescription, MAX_DESCRIPTION);
  if (!link && !title && !description) return undefined;
  const feedDate = parseDate(raw.published, fetchedAt);
  const pubDate = feedDate ?? fetchedAt;
  const image = firstImage(raw, rawDescription, link ?? base);
  const guid = raw.guid ? withoutControls(raw.guid).trim() : "";
  // Without guid or link: title plus publication time, or, when the feed gives no time
  // either, title plus the description's hash, so the id stays the same across fetches.
  const fallbackId = `${title || UNTITLED}|${feedDate ? feedDate.toISOString() : sha256(description).slice(0, 16)}`;
  const id = guid || link || fallbackId;
  return {
    // An id is a key, never shown; a long one, or one that reads as markup (a guid can be
    // any text), is kept as its hash so no answer or published feed carries it.
    id: id.length > MAX_ID || !isInertText(id) ? `sha256:${sha256(id)}` : id,
    title: title || UNTITLED,
    link: link ?? "",
    pubDate,
    dated: feedDate !== undefined,
    description,
    image,
    source: plainText(raw.source, 200) || hostOf(link) || "Unknown Source",
    creator: plainText(raw.creator, 200) || "Unknown",
  };
}
