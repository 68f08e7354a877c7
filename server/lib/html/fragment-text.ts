import { decodeHTML } from "entities";
import { BLOCK_ELEMENTS, HIDDEN_ELEMENTS, isMarkupName, RAW_TEXT_ELEMENTS } from "./elements.ts";
import { dropMarkupStarts, isInertText, lastEndTags, NextOf, nameEnd } from "./inert-text.ts";

/** How a fragment of HTML is read. */
export type HtmlReading = {
  /**
   * A one-line field (a title, a byline), where a tag is as often quoted as meant: one is
   * markup with attributes, with its own end tag after it, written self-closing, or set
   * against the word it formats (`<i>Bitcoin`, `Bitcoin</i>`); a tag standing alone
   * between spaces ("why the <p> tag matters") keeps its words.
   */
  line?: boolean;
};

/** Enough rounds for any escaping a feed plausibly does; deeper nesting ends as text (or is cut). */
const MAX_ROUNDS = 8;
/**
 * Callers keep at most 2,000 characters, and later rounds only shorten the text, so they
 * need not read a whole body again.
 */
const MAX_LENGTH_AFTER_FIRST_ROUND = 16_000;

/**
 * Plain text from an HTML fragment: markup removed, the content of scripts, styles,
 * embeds and pictures dropped, entities decoded, control characters removed, whitespace
 * collapsed. One level of HTML is read, as the feed declared it; a tag that is no markup
 * (a raw-text element such as `<script>` with no end tag, an unknown bare name like
 * `Vec<T>`) stays as the words it is. Publishers that escape their HTML twice or more
 * leave markup in the text one round gives; it is read again, round after round, while
 * the text (or its next decoding) still holds markup by the stored-text rule
 * (inert-text.ts), and whatever a last round leaves is cut. Control characters go before
 * each round and after it, so one hidden inside a tag (`&lt;&#1;img …&gt;`) cannot keep
 * the tag from being seen and then vanish, joining it.
 */
export function htmlToText(html: string, reading: HtmlReading = {}): string {
  let text = readRound(withoutControls(html), reading).text;
  if (text.length > MAX_LENGTH_AFTER_FIRST_ROUND) text = text.slice(0, MAX_LENGTH_AFTER_FIRST_ROUND);
  for (let round = 1; round < MAX_ROUNDS; round++) {
    text = withoutControls(text);
    if (!holdsMarkup(text)) return text;
    const next = readRound(text, reading).text;
    if (next === text) break;
    text = next;
  }
  text = withoutControls(text);
  return isInertText(text) ? text : collapse(dropMarkupStarts(text));
}

/**
 * Text that is already text (a feed's plain-text field): entities were decoded with the
 * XML, so only control characters and layout whitespace go. Should it hold markup by the
 * stored-text rule, it is read as HTML instead: it is never stored as it is.
 */
export function textToText(text: string, reading: HtmlReading = {}): string {
  const plain = collapse(withoutControls(text));
  return isInertText(plain) ? plain : htmlToText(plain, reading);
}

/**
 * Markup left in the text, or in what decoding its entities again would give (a feed that
 * escaped its HTML three times leaves `&amp;lt;b&amp;gt;` after one round).
 */
function holdsMarkup(text: string): boolean {
  let decoded = text;
  for (let level = 0; level < MAX_ROUNDS; level++) {
    if (!isInertText(decoded)) return true;
    if (!decoded.includes("&")) return false;
    const next = decodeHTML(decoded);
    if (next === decoded) return false;
    decoded = next;
  }
  return false;
}

/**
 * Control characters (C0 but tab and line ends, DEL, C1; NUL is refused by PostgreSQL),
 * and what XML cannot carry (U+FFFE, U+FFFF, half a surrogate pair): none is text, and
 * the published feed would drop the latter, joining `<` to what follows.
 */
const NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A quick look for anything NOT_TEXT could remove (it also stops at every surrogate, paired or not). */
const MAYBE_NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff]/;

export function withoutControls(text: string): string {
  return MAYBE_NOT_TEXT.test(text) ? text.replace(NOT_TEXT, "") : text;
}

const SPACES = /[\s\u00a0\u200b]+/g;
/** Whitespace other than single spaces between words: most titles have none to collapse. */
const UNCOLLAPSED = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}|^ | $/;

function collapse(text: string): string {
  return UNCOLLAPSED.test(text) ? text.replace(SPACES, " ").trim() : text;
}

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

type Tag =
  /** A `<` that starts nothing: text. */
  | { kind: "text" }
  /** A comment, declaration or processing instruction, or a tag with attributes cut off: dropped up to `end`. */
  | { kind: "drop"; end: number }
  | { kind: "start" | "end"; name: string; end: number; valued: boolean; selfClosing: boolean };

const TEXT: Tag = { kind: "text" };

/** What one round has learnt of its fragment, so no stretch of it is searched twice. */
type Scan = {
  html: string;
  gt: NextOf;
  /** From here on there is no `>` and no `=`: every tag begun here runs off the end unvalued. */
  deadFrom: number;
};

/** What starts at `<` (position `lt`), read as an HTML tokenizer reads it. */
function readTag(scan: Scan, lt: number): Tag {
  const { html } = scan;
  const length = html.length;
  const next = html.charCodeAt(lt + 1);
  const isEnd = next === 47; /* / */
  const start = isEnd ? lt + 2 : lt + 1;
  if (next === 33 /* ! */ || next === 63 /* ? */ || (isEnd && !isLetter(html.charCodeAt(start)))) {
    if (html.startsWith("<!--", lt)) {
      if (html.startsWith("<!-->", lt)) return { kind: "drop", end: lt + 5 };
      if (html.startsWith("<!--->", lt)) return { kind: "drop", end: lt + 6 };
      const close = html.indexOf("-->", lt + 4);
      return { kind: "drop", end: close === -1 ? length : close + 3 };
    }
    // A declaration, a processing instruction or `</` with no name: a bogus comment up to `>`.
    const close = scan.gt.at(lt + 2);
    return close === -1 ? TEXT : { kind: "drop", end: close + 1 };
  }
  if (!isLetter(html.charCodeAt(start)) || lt >= scan.deadFrom) return TEXT;
  const end = nameEnd(html, start);
  // `<scr<script>`: the first `<` opens no tag of its own here; the second does.
  if (html.charCodeAt(end) === 60) return TEXT;
  const name = html.slice(start, end).toLowerCase();
  let valued = false;
  for (let k = end; k < length; k++) {
    const code = html.charCodeAt(k);
    if (code === 62 /* > */) {
      const selfClosing = k > end && html.charCodeAt(k - 1) === 47;
      return { kind: isEnd ? "end" : "start", name, end: k + 1, valued, selfClosing };
    }
    // A `<` inside a tag is part of an attribute's name, as in a browser: the tag goes on.
    if (code === 61 /* = */) {
      valued = true;
      let v = k + 1;
      while (v < length && isSpace(html.charCodeAt(v))) v++;
      const quote = html.charCodeAt(v);
      if (quote === 34 || quote === 39) {
        const close = html.indexOf(quote === 34 ? '"' : "'", v + 1);
        if (close === -1) return { kind: "drop", end: length };
        k = close;
      }
    }
  }
  if (valued) return { kind: "drop", end: length };
  scan.deadFrom = lt;
  return TEXT;
}

const closingTag = new Map<string, RegExp>();
/** Where the first end tag of `name` at or after `from` ends. */
function pastEndTag(html: string, name: string, from: number): number {
  let pattern = closingTag.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`</${name}[\\s/>]`, "gi");
    closingTag.set(name, pattern);
  }
  pattern.lastIndex = from;
  const found = pattern.exec(html);
  if (found === null) return html.length;
  const close = html.indexOf(">", found.index);
  return close === -1 ? html.length : close + 1;
}

const isBoundary = (code: number) => Number.isNaN(code) || isSpace(code) || code === 0xa0;

/** A tag with a space (or the text's edge) on both sides: quoted as a word, not set against one. */
function standsAlone(html: string, start: number, end: number): boolean {
  return isBoundary(html.charCodeAt(start - 1)) && isBoundary(html.charCodeAt(end));
}

const SOURCE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

function sourceOf(tag: string): string | undefined {
  const match = SOURCE.exec(tag);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  if (raw === undefined) return undefined;
  const source = decodeHTML(raw).trim();
  return source === "" || /^data:/i.test(source) ? undefined : source;
}

/**
 * One round of reading: markup removed, hidden content skipped, entities in the text
 * decoded, and the `src` of the first picture. Linear: each end tag looked for is known to
 * exist (lastEndTags), and each region of the fragment is read once.
 */
function readRound(html: string, reading: HtmlReading): { text: string; image?: string } {
  if (!html.includes("<")) return { text: collapse(html.includes("&") ? decodeHTML(html) : html) };
  const ends = lastEndTags(html);
  const scan: Scan = { html, gt: new NextOf(html, ">"), deadFrom: html.length };
  const opened = new Map<string, number>();
  const out: string[] = [];
  /** The hidden elements open (svg, video, …), innermost last: text inside any is dropped. */
  const hidden: string[] = [];
  let image: string | undefined;
  const emit = (text: string) => {
    if (hidden.length === 0 && text !== "") out.push(text.includes("&") ? decodeHTML(text) : text);
  };
  let i = 0;
  const length = html.length;
  while (i < length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      emit(html.slice(i));
      break;
    }
    if (lt > i) emit(html.slice(i, lt));
    const tag = readTag(scan, lt);
    if (tag.kind === "text") {
      emit("<");
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (tag.kind === "drop") continue;
    const { name } = tag;
    if (tag.kind === "end") {
      if (hidden.length > 0 && HIDDEN_ELEMENTS.has(name)) {
        // Only the innermost hidden element's own end tag closes it.
        if (hidden.at(-1) === name) hidden.pop();
        continue;
      }
      const open = opened.get(name) ?? 0;
      // An end tag with nothing of its name open is markup when it plainly is (stray markup, dropped).
      const markup =
        open > 0 ||
        tag.valued ||
        (isMarkupName(name) && !RAW_TEXT_ELEMENTS.has(name) && (!reading.line || !standsAlone(html, lt, tag.end)));
      if (!markup) emit(html.slice(lt, tag.end));
      else {
        if (open > 0) opened.set(name, open - 1);
        if (BLOCK_ELEMENTS.has(name)) out.push(" ");
      }
      continue;
    }
    const closes = (ends.get(name) ?? -1) > lt;
    if (RAW_TEXT_ELEMENTS.has(name)) {
      if (closes) i = pastEndTag(html, name, tag.end);
      else if (!tag.valued) emit(html.slice(lt, tag.end));
      continue;
    }
    if (HIDDEN_ELEMENTS.has(name)) {
      if (closes && !tag.selfClosing) hidden.push(name);
      else if (!tag.valued && !tag.selfClosing) emit(html.slice(lt, tag.end));
      continue;
    }
    const markup =
      tag.valued ||
      closes ||
      (isMarkupName(name) && (!reading.line || tag.selfClosing || !standsAlone(html, lt, tag.end)));
    if (!markup) {
      emit(html.slice(lt, tag.end));
      continue;
    }
    if (name === "img" && image === undefined) image = sourceOf(html.slice(lt, tag.end));
    if (closes && !tag.selfClosing) opened.set(name, (opened.get(name) ?? 0) + 1);
    if (BLOCK_ELEMENTS.has(name)) out.push(" ");
  }
  return { text: collapse(out.join("")), image };
}

/** The `src` of the first picture in an HTML fragment (a `data:` placeholder passed over). */
export function firstImageSource(html: string): string | undefined {
  if (!/<img/i.test(html)) return undefined;
  return readRound(html, {}).image;
}
