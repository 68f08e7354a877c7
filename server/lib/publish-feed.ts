import type { FeedItem } from "../../contracts/feeds.ts";
import { escapeMarkup, escapeXml } from "./markup.ts";

/** Feed text as XML text: the characters XML 1.0 forbids, which feed text can still carry, dropped. */
const xml = escapeXml;
/**
 * RSS readers treat an item's description, and many its title, as HTML: plain text is
 * escaped as HTML first, then as XML, so a reader decoding it once shows "a<b" as text and
 * never meets a live tag.
 */
const htmlInXml = (text: string) => xml(escapeMarkup(text));
/**
 * Outlets, authors and categories are plain text in RSS, sent as XML text so "Tom & Jerry"
 * reads as written; stored text may quote a tag ("<script>"), so one that would start a
 * tag is escaped as HTML too, for the readers that show these fields as HTML.
 */
const textInXml = (text: string) => (/<[a-zA-Z/!?]/.test(text) ? htmlInXml(text) : xml(text));

/** RSS's <source> needs an address: the origin of the item's own link, when it has one. */
function sourceElement(item: PublishedItem, plain: (text: string) => string): string {
  if (!item.link || item.source === undefined) return "";
  return `      <source url="${xml(`${new URL(item.link).origin}/`)}">${plain(item.source)}</source>\n`;
}

/** What an RSS item carries: an article of Gemwire's feed, or a blog post (no source, its tags as categories). */
export type PublishedItem = Pick<
  FeedItem,
  "id" | "title" | "link" | "pubDate" | "description" | "image" | "creator"
> & {
  /** The feed gave no date: none is published (pubDate is only when Gemwire first saw it). */
  undated?: boolean;
  source?: string;
  categories?: string[];
};

export type PublishedFeed<Item extends PublishedItem = FeedItem> = {
  title: string;
  description: string;
  siteUrl: string;
  feedUrl: string;
  items: Item[];
  /**
   * How authors, outlets and categories go out: feed text that quotes a tag is escaped as
   * HTML too ("guarded", the default); members' own text (the blog) exactly as written.
   */
  plainText?: "guarded" | "as-written";
};

/** A feed as RSS 2.0, for anyone to subscribe to: Gemwire's top stories, or the blog. */
export function renderRss(feed: PublishedFeed<PublishedItem>): string {
  const plain = feed.plainText === "as-written" ? xml : textInXml;
  const items = feed.items
    .map(
      (item) => `    <item>
      <title>${htmlInXml(item.title)}</title>
${item.link ? `      <link>${xml(item.link)}</link>\n` : ""}      <guid isPermaLink="false">${xml(item.id)}</guid>
${item.undated ? "" : `      <pubDate>${new Date(item.pubDate).toUTCString()}</pubDate>\n`}      <description>${htmlInXml(item.description)}</description>
${sourceElement(item, plain)}${(item.categories ?? []).map((category) => `      <category>${plain(category)}</category>\n`).join("")}
      <dc:creator>${plain(item.creator)}</dc:creator>
${item.image ? `      <media:content url="${xml(item.image)}" medium="image"/>\n` : ""}    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xml(feed.title)}</title>
    <link>${xml(feed.siteUrl)}</link>
    <description>${xml(feed.description)}</description>
    <atom:link href="${xml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>
    <lastBuildDate>${new Date().toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}

/** Schemes that run or embed something: a reader must never follow an id spelt with one. */
const SCRIPT_SCHEME = /^(javascript|vbscript|data|file):/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a URL parser drops them, so a reader might
const squeezed = (text: string) => text.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");

/**
 * A JSON Feed item's id. JSON Feed 1.1 invites URLs as ids, and readers fall back on the id as
 * the item's address when it has no `url`; a feed's guid that is no link is kept as the
 * id, so one spelt `javascript:…` is published as a URN that no reader follows.
 */
const jsonFeedId = (id: string) =>
  SCRIPT_SCHEME.test(squeezed(id)) ? `urn:gemwire:guid:${encodeURIComponent(id)}` : id;

/** The same feed as JSON Feed 1.1. */
export function renderJsonFeed(feed: PublishedFeed): object {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: feed.siteUrl,
    feed_url: feed.feedUrl,
    description: feed.description,
    items: feed.items.map((item) => ({
      id: jsonFeedId(item.id),
      ...(item.link ? { url: item.link } : {}),
      title: item.title,
      content_text: item.description,
      ...(item.image ? { image: item.image } : {}),
      ...(item.undated ? {} : { date_published: item.pubDate }),
      authors: [{ name: item.creator }],
      tags: [item.source],
    })),
  };
}
