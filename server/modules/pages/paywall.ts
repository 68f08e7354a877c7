import type { PageArticle } from "../../lib/article-read.ts";

/*
 * Whether a read page looks paywalled (docs/decisions/022): the reader view says so and
 * offers the original, instead of showing a teaser as if it were the article. Signs: the
 * page's own structured data says it is not free, a subscribe-to-continue line, or a page
 * whose readable text is a line at most. A short text without those signs is shown: a
 * one-paragraph news brief is an article too, and the reader can still open the original.
 */

/** Text shorter than this is never an article, however it is split. */
const TINY_TEXT = 80;

/** schema.org's "isAccessibleForFree": false (or "False"), in the page's JSON-LD. */
const NOT_FREE = /"isAccessibleForFree"\s*:\s*"?false"?/i;
/** What paywalls say where the text stops. */
const SUBSCRIBE_LINE =
  /\b(?:subscribe|sign up|log in|register) (?:now |today )?to (?:continue|keep) reading\b|\bthis (?:article|content|story) is (?:only )?(?:available )?(?:for|to) (?:paid )?(?:subscribers|members)\b|\balready a subscriber\?/i;
/** How much of the end of the text a subscribe line is looked for in. */
const TAIL = 2_000;
/** Text this long is the article, whatever a line in it says. */
const WHOLE_ARTICLE = 3_000;

/** Why `article` (read from `html`) looks paywalled, in plain words; null when it does not. */
export function paywallReason(html: string, article: PageArticle): string | null {
  const text = article.paragraphs.join("\n\n");
  if (NOT_FREE.test(html.slice(0, 2_000_000)))
    return "it is behind a paywall: the site says only subscribers can read it";
  if (text.length < WHOLE_ARTICLE && SUBSCRIBE_LINE.test(text.slice(-TAIL))) {
    return "it appears to be behind a paywall: the page asks readers to subscribe to continue";
  }
  if (text.length < TINY_TEXT) {
    return `only a few lines of text could be read from it (${text.length} characters), perhaps a paywall's teaser`;
  }
  return null;
}
