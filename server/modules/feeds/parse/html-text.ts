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

/** Enough decoding rounds for any escaping a feed plausibly does; deeper nesting ends as inert entity text. */
const MAX_PASSES = 8;
/**
 * Callers keep at most 2,000 characters, and later rounds only shorten the text, so they
 * need not read a whole body again.
 */
const MAX_LENGTH_AFTER_FIRST_PASS = 16_000;

/**
 * Plain text from an HTML fragment: every tag removed, the content of scripts and styles
 * dropped, entities decoded, whitespace collapsed. What comes out is text, never markup:
 * a feed that escapes its HTML twice or more decodes into markup again, so the fragment
 * is decoded and stripped until nothing changes, and whatever tag-like sequence is left
 * after the last round is removed. A `<` that starts no tag ("5 < 6", "a<b") stays text.
 */
export function htmlToText(html: string): string {
  let text = stripOnce(html);
  if (text.length > MAX_LENGTH_AFTER_FIRST_PASS) text = text.slice(0, MAX_LENGTH_AFTER_FIRST_PASS);
  for (let pass = 1; pass < MAX_PASSES && DECODABLE.test(text); pass++) {
    const next = stripOnce(text);
    if (next === text) break;
    text = next;
  }
  const stripped = removeTagLike(text);
  return stripped === text ? text : collapse(stripped);
}

/** Something another round could still decode or strip: a tag's start, an entity's. */
const DECODABLE = /<[a-zA-Z/!?]|&#?[a-zA-Z0-9]/;

/** A `<` that opens no complete tag, comment, CDATA section, declaration or processing instruction. */
const STRAY_LESS_THAN = /<(?!\/?[a-zA-Z][^<>]*>|!--|!\[CDATA\[|![a-zA-Z][^<>]*>|\?[^<>]*>)/g;

/** A complete tag, comment, declaration or processing instruction. */
const COMPLETE_MARKUP = /<\/?[a-zA-Z][^<>]*>|<![^<>]*>|<\?[^<>]*>/g;
const ROUNDS = 4;

/**
 * Removes whatever still looks like markup once decoding is done: complete tags, an
 * unclosed comment, and an unclosed tag that carries attributes at the very end (a
 * browser would read `<img src=x onerror=…` up to whatever markup follows it). Removing
 * one tag can join the halves of another, so this repeats; past a few rounds (hostile
 * nesting), every `<` that could open markup is dropped instead.
 */
function removeTagLike(text: string): string {
  let current = text;
  for (let round = 0; round < ROUNDS && current.includes("<"); round++) {
    let next = current.replace(COMPLETE_MARKUP, "");
    const comment = next.indexOf("<!--");
    if (comment !== -1) next = next.slice(0, comment);
    next = withoutUnclosedTag(next);
    if (next === current) return current;
    current = next;
  }
  return /<[a-zA-Z/!?]/.test(current) ? current.replace(/<(?=[a-zA-Z/!?])/g, "") : current;
}

/** Cuts a tag left open at the end when it has attributes (`<b` alone, as in "a<b", stays). */
function withoutUnclosedTag(text: string): string {
  const lt = text.lastIndexOf("<");
  if (lt === -1) return text;
  const rest = text.slice(lt);
  return !rest.includes(">") && rest.includes("=") && /^<\/?[a-zA-Z][^\s/=]*[\s/]/.test(rest)
    ? text.slice(0, lt)
    : text;
}

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
