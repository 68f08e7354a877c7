import { asArray, child, parseXml, textOf, type XmlNode, type XmlValue } from "../feeds/parse/xml.ts";
import { type RawTrend, type ReadOptions, readTrends, type SourceRead, TrendsFormatError } from "./trend-fields.ts";

const nodes = (value: XmlValue) => asArray(value as XmlNode | XmlNode[]);

function* rawTrends(items: XmlNode[]): Generator<RawTrend> {
  for (const item of items) {
    yield {
      title: textOf(child(item, "title")),
      traffic: textOf(child(item, "ht:approx_traffic")),
      pubDate: textOf(child(item, "pubDate")),
      picture: textOf(child(item, "ht:picture")),
      pictureSource: textOf(child(item, "ht:picture_source")),
      newsItems: nodes(child(item, "ht:news_item")).map((news) => ({
        title: textOf(child(news, "ht:news_item_title")),
        url: textOf(child(news, "ht:news_item_url")),
        source: textOf(child(news, "ht:news_item_source")),
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
  let document: ReturnType<typeof parseXml>;
  try {
    document = parseXml(xml);
  } catch {
    throw new TrendsFormatError("Invalid XML feed structure");
  }
  const channel = child(document.rss, "channel");
  if (channel === undefined || typeof channel === "string") {
    throw new TrendsFormatError("Invalid XML feed structure");
  }
  return readTrends(rawTrends(nodes(child(channel, "item"))), options);
}
