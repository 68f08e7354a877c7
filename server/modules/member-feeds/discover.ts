import { scanTags } from "../../lib/html/tags.ts";

/** Feed links are in a page's head: the first part of a page is enough, and bounds the work. */
const SCANNED_CHARS = 512 * 1024;

const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/feed+json"]);
const HEAD_TAGS = new Set(["base", "link"]);

/**
 * Feed autodiscovery: the addresses of a page's `<link rel="alternate">` feeds (RSS,
 * Atom or JSON Feed), resolved against the page's address (or its first `<base href>`),
 * in the page's order; only http(s) addresses. Links in comments and scripts do not count.
 * One linear pass over the page's first SCANNED_CHARS (lib/html/tags.ts).
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  let baseHref: string | undefined;
  const hrefs: string[] = [];
  scanTags(html.slice(0, SCANNED_CHARS), { names: HEAD_TAGS }, ({ name, attributes }) => {
    const href = attributes.get("href")?.trim();
    if (!href) return;
    if (name === "base") {
      baseHref ??= href;
      return;
    }
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (attributes.get("type") ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
    if (rel.includes("alternate") && FEED_TYPES.has(type)) hrefs.push(href);
  });
  let base = pageUrl;
  try {
    if (baseHref) base = new URL(baseHref, pageUrl).href;
  } catch {
    // An unusable <base> is ignored, as browsers do.
  }
  const found: string[] = [];
  for (const href of hrefs) {
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
