import type { FeedItem } from "../../../contracts/feeds.ts";
import { escapeMarkup } from "../../lib/markup.ts";

/** Characters XML 1.0 does not allow, which feed text can still carry. */
const stripInvalidXml = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");

const xml = (text: string) => escapeMarkup(stripInvalidXml(text));
/**
 * RSS readers treat an item's description, and many its title, as HTML: plain text is
 * escaped as HTML first, then as XML, so a reader decoding it once shows "a<b" as text and
 * never meets a live tag. Outlets and authors are sent as XML text only: stored text opens
 * no markup that carries anything of the feed's (the rule is in parse/inert-text.ts).
 */
const htmlInXml = (text: string) => xml(escapeMarkup(text));

/** RSS's <source> needs an address: the origin of the item's own link, when it has one. */
function sourceElement(item: PublishedItem): string {
  if (!item.link || item.source === undefined) return "";
  return `      <source url="${xml(`${new URL(item.link).origin}/`)}">${xml(item.source)}</source>\n`;
}

/** What an RSS item carries: an article of Gemwire's feed, or a blog post (no source, its tags as categories). */
export type PublishedItem = Pick<
  FeedItem,
  "id" | "title" | "link" | "pubDate" | "description" | "image" | "creator"
> & {
  source?: string;
  categories?: string[];
};

export type PublishedFeed<Item extends PublishedItem = FeedItem> = {
  title: string;
  description: string;
  siteUrl: string;
  feedUrl: string;
  items: Item[];
};

/** A feed as RSS 2.0, for anyone to subscribe to: Gemwire's top stories, or the blog. */
export function renderRss(feed: PublishedFeed<PublishedItem>): string {
  const items = feed.items
    .map(
      (item) => `    <item>
      <title>${htmlInXml(item.title)}</title>
${item.link ? `      <link>${xml(item.link)}</link>\n` : ""}      <guid isPermaLink="false">${xml(item.id)}</guid>
      <pubDate>${new Date(item.pubDate).toUTCString()}</pubDate>
      <description>${htmlInXml(item.description)}</description>
${sourceElement(item)}${(item.categories ?? []).map((category) => `      <category>${xml(category)}</category>\n`).join("")}
      <dc:creator>${xml(item.creator)}</dc:creator>
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
 * A JSON Feed item's id. The spec invites URLs as ids, and readers fall back on the id as
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
      date_published: item.pubDate,
      authors: [{ name: item.creator }],
      tags: [item.source],
    })),
  };
}
