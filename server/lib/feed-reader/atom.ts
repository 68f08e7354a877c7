import { asText, atomField, type FeedText, mimeType, rssField } from "./feed-text.ts";
import { itunesImage, textAndMedia } from "./media.ts";
import { ATOM, DC, MEDIA, NS } from "./namespaces.ts";
import type { RawItem } from "./raw-item.ts";
import { attr, child, childrenNamed, textOf, type XmlElement } from "./xml.ts";
import { addressIn } from "./xml-base.ts";

const ALTERNATE = new Set(["alternate", "http://www.iana.org/assignments/relation/alternate"]);

/**
 * The entry's page: a link whose rel is alternate (or absent, which means alternate),
 * HTML first when there are several. A license, enclosure, edit or self link is never
 * the article; without an alternate link the entry has none.
 */
function alternateLink(entry: XmlElement, feedUrl: string | undefined): string | undefined {
  const alternates = childrenNamed(entry, ATOM, "link").filter((link) =>
    ALTERNATE.has((attr(link, "rel") ?? "alternate").trim().toLowerCase()),
  );
  const page =
    alternates.find((link) =>
      ["", "text/html", "application/xhtml+xml"].includes(mimeType(attr(link, "type") ?? "")),
    ) ?? alternates[0];
  return page === undefined ? undefined : addressIn(page, attr(page, "href") ?? textOf(page), feedUrl);
}

function imageEnclosure(entry: XmlElement, feedUrl: string | undefined): string | undefined {
  for (const link of childrenNamed(entry, ATOM, "link")) {
    if (attr(link, "rel")?.trim().toLowerCase() !== "enclosure") continue;
    if (mimeType(attr(link, "type") ?? "").startsWith("image/")) return addressIn(link, attr(link, "href"), feedUrl);
  }
  return undefined;
}

/** An Atom person's name (a plain-text element; its email and page are never shown). */
export function personName(person: XmlElement | undefined): FeedText | undefined {
  const name = textOf(child(person, ATOM, "name"));
  return name === undefined ? undefined : asText(name);
}

/**
 * Atom 1.0 and 0.3 entries (YouTube, Reddit, Blogger): the alternate link, the id (an
 * identifier, never taken for an address), title and summary or content by their declared
 * type, published then updated (0.3: issued, created, modified), the first author's name
 * (the entry's, its source's, else the feed's, filled in by the caller), pictures.
 */
export function atomEntry(entry: XmlElement, feedUrl: string | undefined): RawItem {
  const summaryElement = child(entry, ATOM, "summary");
  const contentElement = child(entry, ATOM, "content");
  const summary = atomField(summaryElement);
  const content = atomField(contentElement);
  const source = child(entry, ATOM, "source");
  const text = summaryElement ?? contentElement;
  return {
    guid: textOf(child(entry, ATOM, "id")),
    guidIsPermaLink: false,
    link: alternateLink(entry, feedUrl),
    title: atomField(child(entry, ATOM, "title")) ?? mediaTitle(entry),
    dates: [
      textOf(child(entry, ATOM, "published")),
      textOf(child(entry, ATOM, "issued")),
      textOf(child(entry, ATOM, "created")),
      textOf(child(entry, DC, "date")),
      textOf(child(entry, NS.dcterms, "issued")),
      textOf(child(entry, NS.dcterms, "created")),
      textOf(child(entry, ATOM, "updated")),
      textOf(child(entry, ATOM, "modified")),
      textOf(child(entry, NS.dcterms, "modified")),
    ],
    ...textAndMedia(entry, { summary, content, element: text }, feedUrl),
    enclosureUrl: imageEnclosure(entry, feedUrl),
    image: itunesImage(entry, feedUrl),
    creators: [
      ...childrenNamed(entry, ATOM, "author").map(personName),
      ...childrenNamed(source, ATOM, "author").map(personName),
      rssField(child(entry, DC, "creator")),
    ],
    source: atomField(child(source, ATOM, "title")),
  };
}

/** YouTube repeats the title as media:title; used only when the entry has none of its own. */
function mediaTitle(entry: XmlElement): FeedText | undefined {
  const title = textOf(child(entry, MEDIA, "title") ?? child(child(entry, MEDIA, "group"), MEDIA, "title"));
  return title === undefined ? undefined : asText(title);
}
