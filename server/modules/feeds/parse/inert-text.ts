/**
 * The rule for stored text, whatever a reader later does with it: nothing in it opens
 * markup that carries anything of the feed's. An HTML parser starts a tag, comment or
 * declaration at `<` followed by an ASCII letter, `/`, `!` or `?`, and reads it up to the
 * next `>` whatever lies between (other `<`, quotes). So the text holds
 * - no such start with a `>` anywhere after it (a complete tag, comment, declaration),
 * - no unclosed comment (`<!--` would hide what follows it on a page),
 * - no unclosed tag whose name is followed by an attribute with a value
 *   (`<img src=x onerror=…`, read by a browser up to the page's next `>`),
 * - no unclosed tag naming an element that changes how the rest of a page is read
 *   (`<script `, `<textarea`, `<svg/`).
 * A `<` that starts no tag ("5 < 6", "gm <3", "1<2>3") and a bare unclosed name that can
 * only run into the page's own markup ("a<b", "a<b, and 1 < 2") stay: they are text.
 */

/** Where an HTML parser starts markup. */
const MARKUP_START = /<[a-zA-Z/!?]/g;
/** Ends a tag's name: an HTML parser reads attributes after it. */
const NAME_END = /[\s/]/g;
/** Elements whose bare start tag changes how the markup after it is read. */
const PARSING_ELEMENTS = new Set([
  "script",
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "textarea",
  "title",
  "plaintext",
  "template",
  "svg",
  "math",
  "select",
  "object",
  "embed",
  "applet",
  "frameset",
]);
const LONGEST_PARSING_ELEMENT = 9;
const ROUNDS = 4;

/** Every complete tag, comment, declaration or processing instruction, each up to its first `>`. */
function removeCompleteMarkup(text: string): string {
  if (!text.includes(">")) return text;
  let out = "";
  let from = 0;
  MARKUP_START.lastIndex = 0;
  for (let start = MARKUP_START.exec(text); start; start = MARKUP_START.exec(text)) {
    const end = text.indexOf(">", start.index);
    if (end === -1) break;
    out += text.slice(from, start.index);
    from = end + 1;
    MARKUP_START.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Where the first unclosed markup that could carry the feed's attributes, a hidden
 * comment or a page-changing element begins; -1 when there is none. Linear: each start
 * reuses the name end found for an earlier one when it lies further on.
 */
function unsafeUnclosedAt(text: string): number {
  const lastEquals = text.lastIndexOf("=");
  let nameEnd = -1;
  MARKUP_START.lastIndex = 0;
  for (let start = MARKUP_START.exec(text); start; start = MARKUP_START.exec(text)) {
    const at = start.index;
    if (text.startsWith("<!--", at)) return at;
    const nameStart = text[at + 1] === "/" ? at + 2 : at + 1;
    if (!/[a-zA-Z]/.test(text[nameStart] ?? "")) continue;
    if (nameEnd < nameStart) {
      NAME_END.lastIndex = nameStart;
      nameEnd = NAME_END.exec(text)?.index ?? text.length;
    }
    if (nameEnd < text.length && lastEquals > nameEnd) return at;
    if (nameEnd - nameStart <= LONGEST_PARSING_ELEMENT) {
      if (PARSING_ELEMENTS.has(text.slice(nameStart, nameEnd).toLowerCase())) return at;
    }
  }
  return -1;
}

/** One round: complete markup removed, then unsafe unclosed markup cut with all it would swallow. */
function removeRound(text: string): string {
  if (!text.includes("<")) return text;
  const next = removeCompleteMarkup(text);
  const unsafe = unsafeUnclosedAt(next);
  return unsafe === -1 ? next : next.slice(0, unsafe);
}

/** True when the text keeps the rule above. */
export function isInertText(text: string): boolean {
  return removeRound(text) === text;
}

/** Every `<` that would start markup dropped; the last resort, which also loses "a<b". */
export function dropMarkupStarts(text: string): string {
  return text.replace(/<+(?=[a-zA-Z/!?])/g, "");
}

/**
 * Removes whatever still reads as markup once decoding is done. Removing one tag can join
 * the halves of another, so this repeats; past a few rounds (hostile nesting), every `<`
 * that could start markup is dropped instead.
 */
export function removeMarkup(text: string): string {
  let current = text;
  for (let round = 0; round < ROUNDS; round++) {
    const next = removeRound(current);
    if (next === current) return current;
    current = next;
  }
  return isInertText(current) ? current : dropMarkupStarts(current);
}
