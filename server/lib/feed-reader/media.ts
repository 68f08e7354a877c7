import { asHtml, asText, type FeedText } from "./feed-text.ts";
import { ITUNES, MEDIA } from "./namespaces.ts";
import type { RawItem } from "./raw-item.ts";
import { attr, child, childrenNamed, textContent, type XmlElement } from "./xml.ts";
import { addressIn, xmlBase } from "./xml-base.ts";

/** Media RSS's content or thumbnail, directly on the item or inside media:group: the first picture. */
export function mediaUrl(
  item: XmlElement,
  local: "content" | "thumbnail",
  feedUrl: string | undefined,
): string | undefined {
  const direct = childrenNamed(item, MEDIA, local);
  const grouped = childrenNamed(item, MEDIA, "group").flatMap((group) => childrenNamed(group, MEDIA, local));
  for (const media of [...direct, ...grouped]) {
    const medium = attr(media, "medium");
    const type = attr(media, "type") ?? "";
    const isImage = local === "thumbnail" || medium === "image" || type.startsWith("image/") || (!medium && !type);
    const url = addressIn(media, attr(media, "url"), feedUrl);
    if (url && isImage) return url;
  }
  return undefined;
}

/** Media RSS's description (plain text unless it says `type="html"`), on the item or in its media:group. */
export function mediaDescription(item: XmlElement): FeedText | undefined {
  const description = child(item, MEDIA, "description") ?? child(child(item, MEDIA, "group"), MEDIA, "description");
  if (description === undefined) return undefined;
  const value = textContent(description);
  return attr(description, "type")?.trim().toLowerCase() === "html" ? asHtml(value) : asText(value);
}

/** A podcast's `<itunes:image href>`. */
export function itunesImage(item: XmlElement, feedUrl: string | undefined): string | undefined {
  const image = child(item, ITUNES, "image");
  return addressIn(image, attr(image, "href"), feedUrl);
}

/**
 * What RSS items and Atom entries give alike: the summary (else the content, else Media
 * RSS's description), the full content beside a summary, the xml:base their pictures
 * resolve against, and Media RSS's pictures.
 */
export function textAndMedia(
  item: XmlElement,
  text: { summary?: FeedText; content?: FeedText; element?: XmlElement },
  feedUrl: string | undefined,
): Pick<RawItem, "description" | "content" | "textBase" | "mediaContentUrl" | "mediaThumbnailUrl"> {
  return {
    description: text.summary ?? text.content ?? mediaDescription(item),
    content: text.summary === undefined ? undefined : text.content,
    textBase: text.element ? xmlBase(text.element, feedUrl) : undefined,
    mediaContentUrl: mediaUrl(item, "content", feedUrl),
    mediaThumbnailUrl: mediaUrl(item, "thumbnail", feedUrl),
  };
}
