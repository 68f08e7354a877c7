import { atomField, type FeedText, rssField } from "./feed-text.ts";
import { itunesImage, textAndMedia } from "./media.ts";
import { ATOM, DC, ITUNES, NS, RSS } from "./namespaces.ts";
import type { RawItem } from "./raw-item.ts";
import { attr, attrNs, child, childrenNamed, textOf, type XmlElement } from "./xml.ts";
import { addressIn } from "./xml-base.ts";

function imageEnclosure(item: XmlElement, feedUrl: string | undefined): string | undefined {
  for (const enclosure of childrenNamed(item, RSS, "enclosure")) {
    const type = attr(enclosure, "type") ?? "";
    const url = addressIn(enclosure, attr(enclosure, "url"), feedUrl);
    if (url && (type === "" || type.startsWith("image/"))) return url;
  }
  return undefined;
}

function imageField(item: XmlElement, feedUrl: string | undefined): string | undefined {
  const image = child(item, RSS, "image");
  if (image === undefined) return undefined;
  const url =
    attr(image, "url") ?? attr(image, "href") ?? attr(image, "rdf:resource") ?? textOf(child(image, RSS, "url"));
  return addressIn(image, url ?? textOf(image), feedUrl);
}

/** `<atom:link rel="alternate">` in an RSS item, which some publishers give instead of `<link>`. */
function atomAlternate(item: XmlElement, feedUrl: string | undefined): string | undefined {
  for (const link of childrenNamed(item, NS.atom, "link")) {
    const rel = (attr(link, "rel") ?? "alternate").trim().toLowerCase();
    if (rel === "alternate") return addressIn(link, attr(link, "href"), feedUrl);
  }
  return undefined;
}

/** The bylines: Dublin Core's creator, RSS's author (an address with the name in brackets), a podcast's author. */
function creatorsOf(item: XmlElement): Array<FeedText | undefined> {
  return [
    rssField(child(item, DC, "creator")),
    rssField(child(item, RSS, "author")),
    ...childrenNamed(item, ITUNES, "author").map(rssField),
    rssField(child(item, DC, "contributor")),
  ];
}

/** The byline a channel gives all its items (a podcast's author, say), for items that name none. */
export function channelCreators(channel: XmlElement | undefined): Array<FeedText | undefined> {
  if (channel === undefined) return [];
  return [rssField(child(channel, DC, "creator")), ...childrenNamed(channel, ITUNES, "author").map(rssField)];
}

/**
 * RSS 2.0, 0.9x and 1.0 (RDF) items, whatever prefix their elements carry: title, link
 * (else an alternate atom:link, else RDF's rdf:about), guid, the first date among
 * pubDate, dc:date, dcterms' issued, created and modified and Atom's, description and
 * content:encoded (HTML, markup written inside them included), pictures, byline, source.
 */
export function rssItem(item: XmlElement, feedUrl: string | undefined): RawItem {
  const guid = child(item, RSS, "guid");
  const link = child(item, RSS, "link");
  const about = attrNs(item, NS.rdf, "about");
  const description = rssField(child(item, RSS, "description")) ?? rssField(child(item, DC, "description"));
  const content = rssField(child(item, NS.content, "encoded")) ?? rssField(child(item, NS.xhtml, "body"));
  const text = child(item, RSS, "description") ?? child(item, NS.content, "encoded");
  return {
    guid: textOf(guid) ?? about?.trim(),
    guidIsPermaLink: guid === undefined ? undefined : attr(guid, "isPermaLink")?.trim().toLowerCase() !== "false",
    link: addressIn(link, textOf(link), feedUrl) ?? atomAlternate(item, feedUrl) ?? addressIn(item, about, feedUrl),
    title:
      rssField(child(item, RSS, "title")) ??
      rssField(child(item, DC, "title")) ??
      atomField(child(item, NS.atom, "title")),
    dates: [
      textOf(child(item, RSS, "pubDate")),
      textOf(child(item, DC, "date")),
      textOf(child(item, NS.dcterms, "issued")),
      textOf(child(item, NS.dcterms, "created")),
      textOf(child(item, NS.atom, "published")),
      // Unprefixed, as some RSS 2.0 publishers write it.
      textOf(child(item, ATOM, "published")),
      textOf(child(item, NS.atom, "updated")),
      textOf(child(item, NS.dcterms, "modified")),
    ],
    ...textAndMedia(item, { summary: description, content, element: text }, feedUrl),
    enclosureUrl: imageEnclosure(item, feedUrl),
    image: imageField(item, feedUrl) ?? itunesImage(item, feedUrl),
    creators: creatorsOf(item),
    source: rssField(child(item, RSS, "source")),
  };
}
