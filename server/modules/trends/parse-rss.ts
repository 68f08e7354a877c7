import { namespaceOfPrefix, RSS } from "../../lib/feed-reader/namespaces.ts";
import { child, childrenNamed, elementsOf, parseXml, textOf, type XmlElement } from "../../lib/feed-reader/xml.ts";
import { type RawTrend, type ReadOptions, readTrends, type SourceRead, TrendsFormatError } from "./trend-fields.ts";

/** Google Trends' own elements, under each namespace it has used (and its `ht:` prefix left undeclared). */
const HT = new Set([
  "https://trends.google.com/trending/rss",
  "https://trends.google.com/trends/trendingsearches/daily",
  "https://trends.google.com/trends/trendingsearches/realtime",
  namespaceOfPrefix("ht"),
]);

function* rawTrends(items: XmlElement[]): Generator<RawTrend> {
  for (const item of items) {
    yield {
      title: textOf(child(item, RSS, "title")),
      traffic: textOf(child(item, HT, "approx_traffic")),
      pubDate: textOf(child(item, RSS, "pubDate")),
      picture: textOf(child(item, HT, "picture")),
      pictureSource: textOf(child(item, HT, "picture_source")),
      newsItems: childrenNamed(item, HT, "news_item").map((news) => ({
        title: textOf(child(news, HT, "news_item_title")),
        url: textOf(child(news, HT, "news_item_url")),
        source: textOf(child(news, HT, "news_item_source")),
      })),
    };
  }
}

/**
 * Google Trends' daily trending-searches RSS for one country: each <item>'s title,
 * ht:approx_traffic, pubDate, ht:picture, ht:picture_source and ht:news_item {title, url,
 * source}. Read with the feeds' own XML reader (no DTD is ever processed, decision 007).
 * Items that cannot be read are skipped, with the reason; an answer that is not RSS at all
 * throws a TrendsFormatError.
 */
export function parseTrendsRss(xml: string, options: ReadOptions): SourceRead {
  let document: XmlElement;
  try {
    document = parseXml(xml);
  } catch {
    throw new TrendsFormatError("Invalid XML feed structure");
  }
  const root = elementsOf(document)[0];
  const channel = root?.local === "rss" && RSS.has(root.ns) ? child(root, RSS, "channel") : undefined;
  if (channel === undefined) throw new TrendsFormatError("Invalid XML feed structure");
  return readTrends(rawTrends(childrenNamed(channel, RSS, "item")), options);
}
