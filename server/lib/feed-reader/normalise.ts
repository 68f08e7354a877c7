import { createHash } from "node:crypto";
import { firstImageSource, type HtmlReading, htmlToText, textToText, withoutControls } from "../html/fragment-text.ts";
import { isInertText } from "../html/inert-text.ts";
import { bylineName } from "./byline.ts";
import { cutText } from "./cut-text.ts";
import { parseFeedDate } from "./dates.ts";
import type { FeedText } from "./feed-text.ts";
import type { RawItem } from "./raw-item.ts";

/** A feed item after the normalising rules (normaliseItem), before votes are attached. */
export type NormalisedItem = {
  id: string;
  title: string;
  link: string;
  /** The feed's date; for an item it gives none, when Gemwire first saw it (kept for order, never shown). */
  pubDate: Date;
  /** False when the feed gave no usable date: the item is shown as undated. */
  dated: boolean;
  description: string;
  image: string | null;
  source: string;
  creator: string;
};

/** Stored descriptions are capped; cards show 100-character snippets. */
export const MAX_DESCRIPTION = 2_000;
const MAX_TITLE = 500;
const MAX_NAME = 200;
/** Longer ids are stored as a hash (they are keys); longer addresses are dropped. */
const MAX_ID = 512;
const MAX_URL = 2_048;
/** A date further ahead than this is a feed's mistake, not a date: the item is undated. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/** Nothing on the web was published before this; an earlier date is a placeholder. */
const EARLIEST = Date.UTC(1990, 0, 1);

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
 * does not mark as only an id; anything else is an id, and resolving it against the feed's
 * address would make up a page that does not exist.
 */
function guidAsLink(raw: RawItem): string | undefined {
  const guid = raw.guid?.trim();
  if (!guid || raw.guidIsPermaLink === false || !/^https?:\/\//i.test(guid)) return undefined;
  return safeHttpUrl(guid);
}

/** The first of the feed's dates that reads as one and is not in the future or before the web. */
function feedDate(dates: Array<string | undefined>, fetchedAt: Date): Date | undefined {
  for (const raw of dates) {
    const time = parseFeedDate(raw);
    if (time === undefined) continue;
    // A placeholder or a clock far ahead is no date; a later field may still give one.
    if (time > fetchedAt.getTime() + FUTURE_TOLERANCE_MS || time < EARLIEST) continue;
    return new Date(time);
  }
  return undefined;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * An HTML fragment's plain text, cut to its length. What is stored keeps the rule in
 * lib/html/inert-text.ts: htmlToText sees to it, and a cut cannot break it (a text's beginning
 * holds no pair, attribute or comment the whole text did not).
 */
export function plainText(html: string | undefined, max: number, reading: HtmlReading = {}): string {
  return html ? cutText(htmlToText(html, reading), max) : "";
}

/** A field's plain text by the type its feed declared, cut to its length. */
export function fieldText(field: FeedText | undefined, max: number, reading: HtmlReading = {}): string {
  if (field === undefined) return "";
  return field.kind === "html" ? plainText(field.value, max, reading) : cutText(textToText(field.value, reading), max);
}

function hostOf(link: string | undefined): string | undefined {
  if (!link) return undefined;
  return new URL(link).hostname.replace(/^www\./, "") || undefined;
}

const pictureIn = (field: FeedText | undefined) =>
  field?.kind === "html" && field.value.includes("<") ? firstImageSource(field.value) : undefined;

/** The first usable picture, in the order listed below; later candidates are not even looked at. */
function firstImage(raw: RawItem, base: string | undefined): string | null {
  const candidates = [
    () => raw.enclosureUrl,
    () => raw.mediaContentUrl,
    () => raw.mediaThumbnailUrl,
    () => raw.image,
    () => pictureIn(raw.description),
    () => pictureIn(raw.content),
  ];
  for (const candidate of candidates) {
    const value = candidate();
    const url = value?.includes("undefined") ? undefined : safeHttpUrl(value, base);
    if (url) return url;
  }
  return null;
}

/** The first byline that names someone, as shown: plain text, never an email address; "" when none does. */
export function creatorName(fields: ReadonlyArray<FeedText | undefined>): string {
  for (const field of fields) {
    const name = field === undefined ? undefined : bylineName(fieldText(field, MAX_NAME, LINE));
    if (name) return name;
  }
  return "";
}

/** The byline of an item no byline of its own or its feed's names. */
export const UNKNOWN_CREATOR = "Unknown";

/** The title given to an item its feed left untitled. */
export const UNTITLED = "Untitled";

const LINE: HtmlReading = { line: true };

/**
 * The normalising rules: id from guid, else link, else title plus publication time; title
 * defaults to 'Untitled'; a feed that gives no date leaves the item undated (it keeps the
 * fetch time for order only); description becomes plain text (the content's, when the
 * description has none); link is the item's link, else its guid when that is an absolute
 * http(s) address and a permalink; image is the first of enclosure, media content, media
 * thumbnail, image field, first img in the description (then the content); source falls
 * back to the link's host, else 'Unknown Source'; creator is a name, never an email
 * address, else 'Unknown'. Returns undefined for an item with nothing to show.
 */
export function normaliseItem(raw: RawItem, fetchedAt: Date, base?: string): NormalisedItem | undefined {
  const link = safeHttpUrl(raw.link, base) ?? guidAsLink(raw);
  const title = fieldText(raw.title, MAX_TITLE, LINE);
  const description = fieldText(raw.description, MAX_DESCRIPTION) || fieldText(raw.content, MAX_DESCRIPTION);
  if (!link && !title && !description) return undefined;
  const published = feedDate(raw.dates, fetchedAt);
  // Pictures in the text resolve against its xml:base, else the article's own address.
  const image = firstImage(raw, raw.textBase ?? link ?? base);
  const guid = raw.guid ? withoutControls(raw.guid).trim() : "";
  // Without guid or link: title plus publication time, or, when the feed gives no time
  // either, title plus the description's hash, so the id stays the same across fetches.
  const fallbackId = `${title || UNTITLED}|${published ? published.toISOString() : sha256(description).slice(0, 16)}`;
  const id = guid || link || fallbackId;
  return {
    // An id is a key, never shown; a long one, or one that reads as markup (a guid can be
    // any text), is kept as its hash so no answer or published feed carries it.
    id: id.length > MAX_ID || !isInertText(id) ? `sha256:${sha256(id)}` : id,
    title: title || UNTITLED,
    link: link ?? "",
    pubDate: published ?? fetchedAt,
    dated: published !== undefined,
    description,
    image,
    source: fieldText(raw.source, MAX_NAME, LINE) || hostOf(link) || "Unknown Source",
    creator: creatorName(raw.creators) || UNKNOWN_CREATOR,
  };
}
