/**
 * The hostile corpus as feeds (T1): one item per markup payload and XML encoding, in
 * RSS, Atom and JSON Feed, with a hostile address in every place a feed gives one (the
 * item's link, a permalink guid, an enclosure, a thumbnail, a source, an author's page,
 * and links and images inside the description's HTML). Each item's title starts with
 * "Bitcoin <marker>", so it is found by search, by token news and by its marker.
 */
import { escapeMarkup } from "../server/lib/markup.ts";
import { FEED_ENCODINGS, type LinkPayload, type MarkupPayload } from "./payloads.ts";

export type HostileItem = {
  /** Unique word in the item's title and description: `xssprobe07e2` (payload 7, encoding 2). */
  marker: string;
  payload: MarkupPayload;
  encoding: (typeof FEED_ENCODINGS)[number];
  link: LinkPayload;
};

/** Every markup payload in every encoding, the hostile addresses taken in turn. */
export function hostileItems(markup: readonly MarkupPayload[], links: readonly LinkPayload[]): HostileItem[] {
  return markup.flatMap((payload, p) =>
    FEED_ENCODINGS.map((encoding, e) => ({
      marker: `${payload.marker}e${e}`,
      payload,
      encoding,
      link: links[(p * FEED_ENCODINGS.length + e) % links.length] as LinkPayload,
    })),
  );
}

const hoursAgo = (i: number) => new Date(Date.now() - (i + 1) * 60_000);
/** HTML a feed's description carries: the payload, a link and an image at the hostile address. */
const descriptionHtml = (item: HostileItem) =>
  `${item.payload.text} <p>Read ${item.marker} ${phraseOf(item.marker)} <a href="${item.link.href}">here</a><img src="${item.link.href}"></p>`;
/**
 * Words that set each item's title apart: titles alike enough are grouped into one story
 * (stories/similarity.ts), and a story card shows its lead article only, so without
 * them the pages would render one hostile item in each group.
 */
const WORDS =
  "amber basil cobalt dune ember fjord garnet harbor indigo juniper kelp lagoon meadow nectar onyx prairie quartz russet saffron tundra umber velvet willow xenon yarrow zephyr".split(
    " ",
  );
const phraseOf = (marker: string) => {
  let seed = [...marker].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  return Array.from({ length: 5 }, () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return WORDS[seed % WORDS.length];
  }).join(" ");
};
const titleOf = (item: HostileItem) => `Bitcoin ${item.marker} ${phraseOf(item.marker)} ${item.payload.text}`;

export function hostileRss(items: HostileItem[], channelTitle = "Hostile <b>feed</b>"): string {
  const entries = items.map((item, i) => {
    const [, encode] = item.encoding;
    const href = escapeMarkup(item.link.href);
    return `<item>
<title>${encode(titleOf(item))}</title>
<link>${href}</link>
<guid isPermaLink="${i % 2 === 0 ? "false" : "true"}">${i % 2 === 0 ? item.marker : `${href}#${item.marker}`}</guid>
<description>${encode(descriptionHtml(item))}</description>
<content:encoded>${encode(descriptionHtml(item))}</content:encoded>
<dc:creator>${encode(item.payload.text)}</dc:creator>
<category>${encode(item.payload.text)}</category>
<source url="${href}">${encode(item.payload.text)}</source>
<enclosure url="${href}" type="image/png" length="1"/>
<media:thumbnail url="${href}"/>
<pubDate>${hoursAgo(i).toUTCString()}</pubDate>
</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>${escapeMarkup(channelTitle)}</title><link>javascript:alert(1)</link>
${entries.join("\n")}
</channel></rss>`;
}

export function hostileAtom(items: HostileItem[]): string {
  const entries = items.map((item, i) => {
    const [, encode] = item.encoding;
    const href = escapeMarkup(item.link.href);
    return `<entry>
<id>urn:gemwire-test:${item.marker}</id>
<title type="html">${encode(titleOf(item))}</title>
<link rel="alternate" href="${href}"/>
<link rel="enclosure" type="image/png" href="${href}"/>
<summary type="html">${encode(descriptionHtml(item))}</summary>
<content type="html">${encode(descriptionHtml(item))}</content>
<author><name>${encode(item.payload.text)}</name><uri>${href}</uri></author>
<updated>${hoursAgo(i).toISOString()}</updated>
</entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;script&gt;alert(1)&lt;/script&gt;Atom</title>
<id>urn:gemwire-test:atom</id><updated>${new Date().toISOString()}</updated>
${entries.join("\n")}
</feed>`;
}

/** JSON Feed carries no XML encoding: each payload once, with its address in every address field. */
export function hostileJsonFeed(items: HostileItem[]): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: "<img src=x onerror=alert(1)>JSON",
    home_page_url: "javascript:alert(1)",
    items: items.map((item, i) => ({
      id: item.marker,
      url: item.link.href,
      external_url: item.link.href,
      title: titleOf(item),
      content_html: descriptionHtml(item),
      content_text: item.payload.text,
      summary: item.payload.text,
      image: item.link.href,
      banner_image: item.link.href,
      authors: [{ name: item.payload.text, url: item.link.href, avatar: item.link.href }],
      tags: [item.payload.text],
      date_published: hoursAgo(i).toISOString(),
    })),
  });
}
