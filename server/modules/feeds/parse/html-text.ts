import { Parser } from "htmlparser2";

const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "svg",
  "math",
  "head",
  "title",
]);
const BREAKS = new Set([
  "p",
  "br",
  "div",
  "li",
  "tr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "section",
  "article",
]);

/**
 * Plain text from an HTML fragment: every tag removed, the content of scripts and styles
 * dropped, entities decoded, whitespace collapsed. What comes out is text, never markup.
 */
export function htmlToText(html: string): string {
  // Feeds that escape their HTML twice decode into markup; strip again (at most twice)
  // so what comes out is never a tag.
  let text = stripOnce(html);
  for (let pass = 0; pass < 2 && LOOKS_LIKE_MARKUP.test(text); pass++) text = stripOnce(text);
  return text;
}

const LOOKS_LIKE_MARKUP = /<\/?[a-zA-Z][^>]*>|<!--/;

function stripOnce(html: string): string {
  if (!/[<&]/.test(html)) return collapse(html);
  const out: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BREAKS.has(name)) out.push(" ");
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BREAKS.has(name)) out.push(" ");
      },
      ontext(text) {
        if (skipping === 0) out.push(text);
      },
    },
    // Self-closing `<iframe/>` must not swallow the text after it.
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return collapse(out.join(""));
}

function collapse(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/** The `src` of the first `<img>` in an HTML fragment. */
export function firstImageSource(html: string): string | undefined {
  if (!/<img/i.test(html)) return undefined;
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found === undefined && name === "img" && attributes.src) {
          found = attributes.src;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
