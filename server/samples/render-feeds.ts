import type { FeedKey } from "../../contracts/feeds.ts";
import { escapeMarkup } from "../lib/markup.ts";
import { sampleArticles, sampleOutlets } from "./articles.ts";
import type { SampleArticle } from "./sample-article.ts";

const HOUR = 3_600_000;

type Rendered = { type: string; body: string };

type Entry = SampleArticle & { link: string; image?: string; date: Date };

function entries(feed: FeedKey, base: string, now: number): Entry[] {
  return sampleArticles
    .filter((article) => article.feed === feed)
    .sort((a, b) => a.hoursAgo - b.hoursAgo)
    .map((article) => ({
      ...article,
      link: `${base}/samples/articles/${article.slug}`,
      image: article.picture ? `${base}/samples/images/${article.picture}.svg` : undefined,
      date: new Date(now - article.hoursAgo * HOUR),
    }));
}

const html = (entry: Entry) =>
  `<p>${escapeMarkup(entry.summary)}</p>${entry.image ? `<img src="${entry.image}" alt="">` : ""}`;

function rss2(
  feed: FeedKey,
  title: string,
  base: string,
  list: Entry[],
  style: "google" | "publisher" | "enclosure",
): Rendered {
  const items = list.map((e) => {
    const media =
      style === "publisher" && e.image
        ? `<media:content url="${e.image}" medium="image" width="1200" height="630"/>`
        : style === "enclosure" && e.image
          ? `<enclosure url="${e.image}" length="0" type="image/svg+xml"/>`
          : "";
    return `<item>
  <title>${escapeMarkup(e.title)}</title>
  <link>${e.link}</link>
  <guid isPermaLink="false">${feed}-${e.slug}</guid>
  <pubDate>${e.date.toUTCString()}</pubDate>
  <description><![CDATA[${style === "google" ? `<a href="${e.link}">${escapeMarkup(e.title)}</a>&nbsp;&nbsp;<font color="#6f6f6f">${escapeMarkup(e.source)}</font>` : html(e)}]]></description>
  <source url="${sampleOutlets[e.source] ?? `${base}/`}">${escapeMarkup(e.source)}</source>
  <dc:creator>${escapeMarkup(e.creator)}</dc:creator>${media}
</item>`;
  });
  return {
    type: "application/rss+xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>${escapeMarkup(title)}</title><link>${base}/</link><description>Gemwire sample feed</description>
${items.join("\n")}
</channel></rss>`,
  };
}

function rdf(title: string, base: string, list: Entry[]): Rendered {
  const items = list.map(
    (e) => `<item rdf:about="${e.link}"><title>${escapeMarkup(e.title)}</title><link>${e.link}</link>
  <description>${escapeMarkup(e.summary)}</description><dc:date>${e.date.toISOString()}</dc:date><dc:creator>${escapeMarkup(e.creator)}</dc:creator>
  <source>${escapeMarkup(e.source)}</source></item>`,
  );
  return {
    type: "application/rdf+xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="${base}/"><title>${escapeMarkup(title)}</title><link>${base}/</link><description>Gemwire sample feed</description></channel>
${items.join("\n")}
</rdf:RDF>`,
  };
}

function atom(title: string, list: Entry[], style: "youtube" | "reddit" | "bridge"): Rendered {
  const rows = list.map((e) => {
    const media =
      style === "youtube"
        ? `<media:group><media:title>${escapeMarkup(e.title)}</media:title>${e.image ? `<media:thumbnail url="${e.image}" width="480" height="360"/>` : ""}<media:description>${escapeMarkup(e.summary)}</media:description></media:group>`
        : e.image
          ? `<media:thumbnail url="${e.image}"/>`
          : "";
    const content = style === "youtube" ? "" : `<content type="html">${escapeMarkup(html(e))}</content>`;
    return `<entry><id>${style === "youtube" ? "yt:video:" : "t3_"}${e.slug}</id><title>${escapeMarkup(e.title)}</title>
  <link rel="alternate" href="${e.link}"/><author><name>${escapeMarkup(e.creator)}</name></author>
  <published>${e.date.toISOString()}</published><updated>${e.date.toISOString()}</updated>
  <source><title>${escapeMarkup(e.source)}</title></source>${content}${media}</entry>`;
  });
  return {
    type: "application/atom+xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>${escapeMarkup(title)}</title>
${rows.join("\n")}
</feed>`,
  };
}

function json(list: Entry[], style: "status-ok" | "jsonfeed" | "array"): Rendered {
  if (style === "jsonfeed") {
    return {
      type: "application/feed+json; charset=utf-8",
      body: JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "Gemwire sample",
        items: list.map((e) => ({
          id: e.slug,
          url: e.link,
          title: e.title,
          content_html: html(e),
          image: e.image,
          date_published: e.date.toISOString(),
          authors: [{ name: e.creator }],
          source: e.source,
        })),
      }),
    };
  }
  const items = list.map((e) => ({
    title: e.title,
    pubDate: e.date.toISOString(),
    link: e.link,
    guid: e.slug,
    author: e.creator,
    thumbnail: e.image ?? "",
    description: html(e),
    source: e.source,
  }));
  return {
    type: "application/json; charset=utf-8",
    body: JSON.stringify(style === "array" ? items : { status: "ok", feed: { title: "Gemwire sample" }, items }),
  };
}

/** Each sample feed in the format its real counterpart uses, so every reader path is exercised. */
export function renderSampleFeed(feed: FeedKey, base: string, now = Date.now()): Rendered | undefined {
  const list = entries(feed, base, now);
  switch (feed) {
    case "bitcoin":
      return rss2(feed, "Bitcoin news (sample)", base, list, "google");
    case "news":
      return rss2(feed, "Crypto news", base, list, "publisher");
    case "nftart":
      return rss2(feed, "Pixel Mint", base, list, "enclosure");
    case "market":
      return rdf("Market analysis", base, list);
    case "search":
      return json(list, "status-ok");
    case "instagram":
      return json(list, "jsonfeed");
    case "tiktok":
      return json(list, "array");
    case "youtube":
      return atom("Coin Lab", list, "youtube");
    case "animalmemes":
      return atom("Meme Pond", list, "reddit");
    case "xfeed":
      return atom("Mempool Watch", list, "bridge");
    default:
      return undefined;
  }
}
