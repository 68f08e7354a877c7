import { FeedParseError, type RawItem } from "./raw-item.ts";
import { asArray, attr, child, deepTextOf, parseXml, textOf, type XmlNode, type XmlValue } from "./xml.ts";

/** media:content / media:thumbnail, directly on the item or inside media:group. */
function mediaUrl(item: XmlValue, name: "media:content" | "media:thumbnail"): string | undefined {
  const direct = asArray(child(item, name) as XmlNode | XmlNode[]);
  const grouped = asArray(child(item, "media:group") as XmlNode | XmlNode[]).flatMap((group) =>
    asArray(child(group, name) as XmlNode | XmlNode[]),
  );
  for (const media of [...direct, ...grouped]) {
    const medium = attr(media, "medium");
    const type = attr(media, "type") ?? "";
    const isImage = name === "media:thumbnail" || medium === "image" || type.startsWith("image/") || (!medium && !type);
    const url = attr(media, "url");
    if (url && isImage) return url;
  }
  return undefined;
}

function imageEnclosure(item: XmlValue): string | undefined {
  for (const enclosure of asArray(child(item, "enclosure") as XmlNode | XmlNode[])) {
    const type = attr(enclosure, "type") ?? "";
    const url = attr(enclosure, "url");
    if (url && (type === "" || type.startsWith("image/"))) return url;
  }
  return undefined;
}

function imageField(item: XmlValue): string | undefined {
  const image = child(item, "image");
  return attr(image, "url") ?? attr(image, "href") ?? textOf(child(image, "url")) ?? textOf(image);
}

/** RSS 2.0 and RSS 1.0 (RDF) items share their element names. */
function rssItem(item: XmlValue): RawItem {
  const guid = child(item, "guid");
  return {
    guid: textOf(guid),
    guidIsPermaLink: attr(guid, "isPermaLink")?.trim().toLowerCase() !== "false",
    link: textOf(child(item, "link")),
    title: textOf(child(item, "title")),
    published: textOf(child(item, "pubDate")) ?? textOf(child(item, "dc:date")) ?? textOf(child(item, "published")),
    description: textOf(child(item, "description")) ?? textOf(child(item, "content:encoded")),
    enclosureUrl: imageEnclosure(item),
    mediaContentUrl: mediaUrl(item, "media:content"),
    mediaThumbnailUrl: mediaUrl(item, "media:thumbnail"),
    image: imageField(item),
    creator: textOf(child(item, "dc:creator")) ?? textOf(child(item, "author")),
    source: textOf(child(item, "source")),
  };
}

/** An Atom text construct: plain or escaped HTML as text, `type="xhtml"` as the text of its markup. */
function atomText(value: XmlValue): string | undefined {
  return attr(value, "type") === "xhtml" ? deepTextOf(value) : textOf(value);
}

/** Atom 1.0 (YouTube, Reddit): the alternate link, summary or content, the first author's name. */
function atomEntry(entry: XmlValue): RawItem {
  const links = asArray(child(entry, "link") as XmlNode | XmlNode[]);
  const alternate = links.find((l) => (attr(l, "rel") ?? "alternate") === "alternate") ?? links[0];
  const enclosure = links.find((l) => attr(l, "rel") === "enclosure" && (attr(l, "type") ?? "").startsWith("image/"));
  const group = child(entry, "media:group");
  return {
    guid: textOf(child(entry, "id")),
    link: attr(alternate, "href") ?? textOf(alternate),
    title: atomText(child(entry, "title")),
    published: textOf(child(entry, "published")) ?? textOf(child(entry, "updated")),
    description:
      atomText(child(entry, "content")) ??
      atomText(child(entry, "summary")) ??
      textOf(child(group, "media:description")),
    enclosureUrl: enclosure ? attr(enclosure, "href") : undefined,
    mediaContentUrl: mediaUrl(entry, "media:content"),
    mediaThumbnailUrl: mediaUrl(entry, "media:thumbnail"),
    creator: textOf(child(child(entry, "author"), "name")),
    source: textOf(child(child(entry, "source"), "title")),
  };
}

/** Reads RSS 2.0, RSS 1.0 (RDF) and Atom 1.0. */
export function readXmlFeed(xml: string): RawItem[] {
  let document: Record<string, XmlValue>;
  try {
    document = parseXml(xml);
  } catch {
    throw new FeedParseError("Invalid XML feed structure");
  }
  const rss = document.rss;
  if (rss !== undefined) {
    const channel = child(rss, "channel");
    if (channel !== undefined) return asArray(child(channel, "item") as XmlNode | XmlNode[]).map(rssItem);
  }
  const rdf = document["rdf:RDF"];
  if (rdf !== undefined) return asArray(child(rdf, "item") as XmlNode | XmlNode[]).map(rssItem);
  const feed = document.feed;
  if (feed !== undefined && typeof feed !== "string") {
    return asArray(child(feed, "entry") as XmlNode | XmlNode[]).map(atomEntry);
  }
  throw new FeedParseError("Invalid XML feed structure");
}
