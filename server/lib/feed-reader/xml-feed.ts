import { atomEntry, personName } from "./atom.ts";
import { atomField, type FeedText, rssField } from "./feed-text.ts";
import { ATOM, NS, RSS } from "./namespaces.ts";
import { FeedParseError, type RawItem } from "./raw-item.ts";
import { channelCreators, rssItem } from "./rss.ts";
import { child, childrenNamed, elementsOf, parseXml, type XmlElement } from "./xml.ts";

const isRssRoot = (element: XmlElement | undefined) =>
  element !== undefined && ((element.local === "rss" && RSS.has(element.ns)) || isRdfRoot(element));
const isRdfRoot = (element: XmlElement) => element.local === "RDF" && element.ns === NS.rdf;
const isAtomRoot = (element: XmlElement | undefined) =>
  element !== undefined && element.local === "feed" && ATOM.has(element.ns);
const isChannel = (element: XmlElement | null) =>
  element !== null && element.local === "channel" && RSS.has(element.ns) && isRssRoot(element.parent ?? undefined);

/** An element that is one item of the feed: turned into a RawItem as it closes, and let go. */
function itemKind(element: XmlElement): "rss" | "atom" | undefined {
  const parent = element.parent;
  if (parent === null) return undefined;
  if (element.local === "item" && RSS.has(element.ns) && (isChannel(parent) || isRssRoot(parent))) return "rss";
  if (element.local === "entry" && ATOM.has(element.ns) && isAtomRoot(parent) && parent.parent?.parent === null) {
    return "atom";
  }
  return undefined;
}

/**
 * Reads RSS 2.0, 0.9x, 1.0 (RDF) and Atom 1.0 and 0.3, matching every element by its
 * namespace, not its prefix. Each item is handed to `onItem` as it closes (so a big feed
 * never holds its whole tree); items directly under `<rss>` (no `<channel>`) count, and a
 * feed with no items is an empty feed, not an error. Anything that is not a feed is an
 * error. Returns the bylines the feed gives items that name no one (Atom's feed authors,
 * an RSS channel's creator), wherever in the feed they stand.
 */
export function readXmlFeed(
  xml: string,
  feedUrl: string | undefined,
  onItem: (item: RawItem) => void,
): Array<FeedText | undefined> {
  let document: XmlElement;
  try {
    document = parseXml(xml, {
      onClose(element) {
        const kind = itemKind(element);
        if (kind === undefined) return true;
        onItem(kind === "rss" ? rssItem(element, feedUrl) : atomEntry(element, feedUrl));
        return false;
      },
    });
  } catch {
    throw new FeedParseError("Invalid XML feed structure");
  }
  const root = elementsOf(document)[0];
  if (isAtomRoot(root)) return childrenNamed(root, ATOM, "author").map(personName);
  if (isRssRoot(root)) return channelCreators(child(root, RSS, "channel"));
  throw new FeedParseError("Invalid XML feed structure");
}

/** The feed's own title (RSS channel, RSS 1.0 channel, Atom feed), read the way item titles are. */
export function readXmlFeedTitle(xml: string): FeedText | undefined {
  // Items are dropped as they close: only the feed's own elements are kept.
  const document = parseXml(xml, { onClose: (element) => itemKind(element) === undefined });
  const root = elementsOf(document)[0];
  if (isAtomRoot(root)) return atomField(child(root, ATOM, "title"));
  if (isRssRoot(root)) return rssField(child(child(root, RSS, "channel"), RSS, "title"));
  return undefined;
}
