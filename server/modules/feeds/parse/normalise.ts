import { firstImageSource, htmlToText } from "./html-text.ts";
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
/** A date further ahead than this is a feed's mistake; the fetch time is used instead. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Only http(s) addresses reach a page; `javascript:` and other schemes are dropped. */
export function safeHttpUrl(raw: string | undefined, base?: string): string | undefined {
  if (!raw) return undefined;
  const trimmed = raw.trim();
  try {
    const url = new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function parseDate(raw: string | undefined, fetchedAt: Date): Date | undefined {
  if (!raw) return undefined;
  const time = Date.parse(raw.trim());
  if (Number.isNaN(time) || time > fetchedAt.getTime() + FUTURE_TOLERANCE_MS) return undefined;
  return new Date(time);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function hostOf(link: string | undefined): string | undefined {
  if (!link) return undefined;
  return new URL(link).hostname.replace(/^www\./, "") || undefined;
}

/**
 * Applies spec §3: id from guid, else link, else title plus publication time; title
 * defaults to 'Untitled'; pubDate falls back to the fetch time; description becomes plain
 * text; image is the first of enclosure, media content, media thumbnail, image field,
 * first img in the description; source falls back to the link's host, else 'Unknown
 * Source'; creator to 'Unknown'. Returns undefined for an item with nothing to show.
 */
export function normaliseItem(raw: RawItem, fetchedAt: Date, base?: string): NormalisedItem | undefined {
  const link = safeHttpUrl(raw.link, base) ?? safeHttpUrl(raw.guid, base);
  const title = raw.title ? clip(htmlToText(raw.title), MAX_TITLE) : "";
  const rawDescription = raw.description ?? "";
  const description = clip(htmlToText(rawDescription), MAX_DESCRIPTION);
  if (!link && !title && !description) return undefined;
  const feedDate = parseDate(raw.published, fetchedAt);
  const pubDate = feedDate ?? fetchedAt;
  const image =
    [raw.enclosureUrl, raw.mediaContentUrl, raw.mediaThumbnailUrl, raw.image, firstImageSource(rawDescription)]
      .map((candidate) => (candidate?.includes("undefined") ? undefined : safeHttpUrl(candidate, link ?? base)))
      .find((candidate) => candidate !== undefined) ?? null;
  const guid = raw.guid?.trim();
  return {
    id: guid || link || `${title || "Untitled"}|${pubDate.toISOString()}`,
    title: title || "Untitled",
    link: link ?? "",
    pubDate,
    dated: feedDate !== undefined,
    description,
    image,
    source: (raw.source ? htmlToText(raw.source) : "") || hostOf(link) || "Unknown Source",
    creator: (raw.creator ? htmlToText(raw.creator) : "") || "Unknown",
  };
}
