import { escapeMarkup } from "../lib/markup.ts";

/**
 * Sample mode's stand-in for "any site with a feed": a small invented blog whose home
 * page names its feed in a `<link rel="alternate">` with a relative address, so a member
 * can follow it by the site's address (autodiscovery) without the internet. One of its
 * posts covers a story the built-in sample feeds also cover, so it joins that story.
 */
export const SAMPLE_SITE_PATH = "/samples/site/";
export const SAMPLE_MEMBER_FEED_PATH = "/samples/site/feed.xml";

const TITLE = "Ledger Lane (sample blog)";
const HOUR = 3_600_000;

const posts = [
  {
    slug: "record-high",
    title: "Bitcoin hits a record high as spot ETF inflows top $1.2 billion",
    hoursAgo: 1.5,
    summary: "Sample post: our take on the record and the ETF flows behind it.",
  },
  {
    slug: "self-custody",
    title: "A beginner's checklist for self-custody",
    hoursAgo: 5,
    summary: "Sample post: seed phrases, hardware wallets and the mistakes to avoid.",
  },
  {
    slug: "fees",
    title: "Why network fees rise on busy weekends",
    hoursAgo: 20,
    summary: "Sample post: mempools, block space and what you can do about fees.",
  },
] as const;

export function renderSampleSite(base: string): string {
  const list = posts.map((post) => `<li><a href="posts/${post.slug}">${escapeMarkup(post.title)}</a></li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(TITLE)}</title>
<link rel="stylesheet" href="${base}/samples/article.css">
<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(TITLE)}" href="feed.xml">
</head><body><main><h1>${escapeMarkup(TITLE)}</h1>
<p>Sample data: an invented blog that Gemwire serves itself in sample mode.</p><ul>${list}</ul></main></body></html>`;
}

export function renderSampleMemberFeed(base: string, now = Date.now()): string {
  const items = posts.map(
    (post) => `<item>
  <title>${escapeMarkup(post.title)}</title>
  <link>${base}${SAMPLE_SITE_PATH}posts/${post.slug}</link>
  <guid isPermaLink="false">ledger-lane-${post.slug}</guid>
  <pubDate>${new Date(now - post.hoursAgo * HOUR).toUTCString()}</pubDate>
  <description>${escapeMarkup(post.summary)}</description>
  <dc:creator>Ledger Lane</dc:creator>
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${escapeMarkup(TITLE)}</title><link>${base}${SAMPLE_SITE_PATH}</link><description>Gemwire sample blog</description>
${items.join("\n")}
</channel></rss>`;
}

export function renderSamplePost(slug: string): string | undefined {
  const post = posts.find((candidate) => candidate.slug === slug);
  if (!post) return undefined;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(post.title)}</title></head>
<body><article><h1>${escapeMarkup(post.title)}</h1><p>${escapeMarkup(post.summary)}</p></article></body></html>`;
}
