import { decodeXmlEntities } from "../feeds/parse/xml.ts";

/** Feed links are in a page's head: the first part of a page is enough, and bounds the work. */
const SCANNED_CHARS = 512 * 1024;

const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/feed+json"]);

const LINK_TAG = /<link\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeXmlEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

/** Comments and scripts may hold link tags that are not the page's. */
const stripInert = (html: string) => html.replace(/<!--[\s\S]*?-->|<script\b[\s\S]*?<\/script\s*>/gi, " ");

/**
 * Feed autodiscovery: the addresses of a page's `<link rel="alternate">` feeds (RSS,
 * Atom or JSON Feed), resolved against the page's address (or its `<base href>`), in the
 * page's order; only http(s) addresses.
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  const head = stripInert(html.slice(0, SCANNED_CHARS));
  const baseHref = /<base\b[^>]*>/i.exec(head)?.[0];
  let base = pageUrl;
  if (baseHref) {
    const href = attributesOf(baseHref).get("href");
    try {
      if (href) base = new URL(href.trim(), pageUrl).href;
    } catch {
      // An unusable <base> is ignored, as browsers do.
    }
  }
  const found: string[] = [];
  for (const match of head.matchAll(LINK_TAG)) {
    const attributes = attributesOf(match[1] as string);
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (attributes.get("type") ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
    const href = attributes.get("href")?.trim();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type) || !href) continue;
    try {
      const url = new URL(href, base);
      if ((url.protocol === "http:" || url.protocol === "https:") && !found.includes(url.href)) found.push(url.href);
    } catch {
      // Not an address: the next link may be.
    }
  }
  return found;
}

/** Whether a fetched body is a web page rather than a feed. */
export function looksLikeHtml(contentType: string | null, text: string): boolean {
  if (contentType && /\btext\/html\b|\bapplication\/xhtml\+xml\b/i.test(contentType)) return true;
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html\b|head\b|body\b)/i.test(text.slice(0, 4096));
}
