import type { IncomingHttpHeaders } from "node:http";

/**
 * User agents that are not a person reading: search and AI crawlers, link-preview
 * fetchers (chat apps, social sites), speed and uptime checkers, and HTTP libraries.
 * Headless browsers are not on the list: HeadlessChrome is what our own browser tests
 * drive, and any script can claim to be a browser anyway — the per-address limit is what
 * keeps a script from inflating the counts. "Cubot" phones are not bots.
 */
const AUTOMATED = new RegExp(
  [
    "(?<!cu)bot(?:\\b|_)",
    "crawl",
    "spider",
    "slurp",
    "archiver",
    "facebookexternalhit",
    "facebookcatalog",
    "meta-external",
    "preview",
    "embedly",
    "iframely",
    "vkshare",
    "whatsapp",
    "mediapartners-google",
    "google-inspectiontool",
    "feedfetcher",
    "feedly",
    "lighthouse",
    "pagespeed",
    "gtmetrix",
    "pingdom",
    "phantomjs",
    "chatgpt-user",
    "perplexity",
    "yandex",
    "scrapy",
    "^curl/",
    "^wget/",
    "python-requests",
    "python-urllib",
    "aiohttp",
    "httpx",
    "go-http-client",
    "okhttp",
    "^java/",
    "apache-httpclient",
    "libwww-perl",
    "node-fetch",
    "undici",
    "axios/",
    "^node$",
  ].join("|"),
  "i",
);

/** Whether a request's user agent is a crawler, preview fetcher or script (no user agent at all counts as one). */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || AUTOMATED.test(userAgent);
}

/**
 * Whether the browser fetched this speculatively — a prefetch or prerender nobody may
 * ever look at: `Sec-Purpose` (the standard), `Purpose` (older Chrome), `X-Purpose`
 * (Safari) and `X-Moz` (Firefox).
 */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  return ["sec-purpose", "purpose", "x-purpose", "x-moz"].some((name) => {
    const value = headers[name];
    return typeof value === "string" && /prefetch|prerender|preview/i.test(value);
  });
}
