import { Parser } from "htmlparser2";
import { dropMarkupStarts, isInertText, removeMarkup } from "./inert-text.ts";

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

/** Enough decoding rounds for any escaping a feed plausibly does; deeper nesting ends as inert entity text. */
const MAX_PASSES = 8;
/**
 * Callers keep at most 2,000 characters, and later rounds only shorten the text, so they
 * need not read a whole body again.
 */
const MAX_LENGTH_AFTER_FIRST_PASS = 16_000;

/**
 * Plain text from an HTML fragment: every tag removed, the content of scripts and styles
 * dropped, entities decoded, control characters removed, whitespace collapsed. What comes
 * out is text, never markup (the rule is in inert-text.ts): a feed that escapes its HTML
 * twice or more decodes into markup again, so the fragment is decoded and stripped until
 * nothing changes, and whatever still reads as markup after the last round is removed.
 * Control characters go before each round and after it, so one hidden inside a tag
 * (`&lt;&#1;img …&gt;`) cannot keep the tag from being seen and then vanish, joining it.
 * A `<` that starts no tag ("5 < 6", "a<b") stays text.
 */
export function htmlToText(html: string): string {
  let text = withoutControls(stripOnce(withoutControls(html)));
  if (text.length > MAX_LENGTH_AFTER_FIRST_PASS) text = text.slice(0, MAX_LENGTH_AFTER_FIRST_PASS);
  for (let pass = 1; pass < MAX_PASSES && DECODABLE.test(text); pass++) {
    const next = withoutControls(stripOnce(text));
    if (next === text) break;
    text = next;
  }
  const stripped = removeMarkup(text);
  const result = stripped === text ? text : collapse(stripped);
  // Whatever the steps above missed, nothing that reads as markup leaves here.
  return isInertText(result) ? result : collapse(dropMarkupStarts(result));
}

/**
 * Control characters (C0 but tab and line ends, DEL, C1; NUL is refused by PostgreSQL),
 * and what XML cannot carry (U+FFFE, U+FFFF, half a surrogate pair): none is text, and
 * the published feed would drop the latter, joining `<` to what follows.
 */
const NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function withoutControls(text: string): string {
  return text.replace(NOT_TEXT, "");
}

/** Something another round could still decode or strip: a tag's start, an entity's. */
const DECODABLE = /<[a-zA-Z/!?]|&#?[a-zA-Z0-9]/;

/** A `<` that opens no complete tag, comment, CDATA section, declaration or processing instruction. */
const STRAY_LESS_THAN = /<(?!\/?[a-zA-Z][^<>]*>|!--|!\[CDATA\[|![a-zA-Z][^<>]*>|\?[^<>]*>)/g;

function stripOnce(fragment: string): string {
  if (!/[<&]/.test(fragment)) return collapse(fragment);
  // Escaped first, so the HTML parser keeps "a<b" as text instead of reading an
  // unfinished tag to the end of the fragment.
  const html = fragment.includes("<") ? fragment.replace(STRAY_LESS_THAN, "&lt;") : fragment;
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
