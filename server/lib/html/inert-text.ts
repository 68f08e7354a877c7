/**
 * The rule for stored text. Feed text is stored as plain text and every page shows it as
 * text, so a headline may quote a tag as its author wrote it ("Hackers slip <script> tag
 * into DEX front end", "Vec<T>"). What it never holds is markup the feed meant as markup,
 * or anything that would carry a feed's script should a reader ever treat it as HTML:
 * - no tag whose name is followed by an attribute with a value (`<img src=x onerror=…>`,
 *   complete or not: attributes are where handlers and addresses live),
 * - no comment (`<!--` hides what follows it on a page), and no complete declaration,
 *   CDATA section, processing instruction or nameless end tag (`<!…>`, `<?…>`, `</…>`),
 * - no element with its own end tag after it (`<b>…</b>`, `<script>…</script>`): an
 *   element's content is markup's business, not text's.
 * A bare tag alone (`<script>`, `<blink>`, `</div>`), a `<` that starts no tag ("5 < 6",
 * "gm <3") and an unfinished bare name ("a<b") are text.
 */

/** Where a tag's name ends for pairing it with its end tag (`<scr<script>` holds `<script>`). */
const isNameEnd = (code: number) =>
  code === 62 || code === 47 || code === 60 || code === 32 || (code >= 9 && code <= 13);
/** Where an HTML tokenizer ends a tag's name: `<` does not, so `<img<x onerror=…>` is one tag. */
const isTokenNameEnd = (code: number) => code === 62 || code === 47 || code === 32 || (code >= 9 && code <= 13);
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

const END_TAG = /<\/([a-zA-Z][^\s/><]*)(?=[\s/>])/g;

/** For each element name (lower case) with an end tag in the text, where its last end tag starts. */
export function lastEndTags(text: string): Map<string, number> {
  const found = new Map<string, number>();
  if (!text.includes("</")) return found;
  END_TAG.lastIndex = 0;
  for (let match = END_TAG.exec(text); match; match = END_TAG.exec(text)) {
    found.set((match[1] as string).toLowerCase(), match.index);
  }
  return found;
}

/** The end of a tag name starting at `from`, for pairing (it also ends at `<`). */
export function nameEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !isNameEnd(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The first position of a character at or after a position, for positions asked in
 * increasing order: each answer is kept while it still lies ahead, "none" for good, so a
 * text with many `<` is searched once (the rule stays linear on hostile input).
 */
export class NextOf {
  private from = -1;
  private found = -1;
  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  at(position: number): number {
    if (this.from !== -1 && this.from <= position && (this.found === -1 || this.found >= position)) return this.found;
    this.from = position;
    this.found = this.text.indexOf(this.char, position);
    return this.found;
  }
}

/** True when the text keeps the rule above. Linear in the text. */
export function isInertText(text: string): boolean {
  let at = text.indexOf("<");
  if (at === -1) return true;
  if (text.includes("<!--")) return false;
  const ends = lastEndTags(text);
  const gt = new NextOf(text, ">");
  const equals = new NextOf(text, "=");
  // Where the tokenizer's name that covers a position ends, kept while later starts fall inside it.
  let tokenEnd = -1;
  while (at !== -1) {
    const next = text.charCodeAt(at + 1);
    const isEnd = next === 47; /* / */
    const start = isEnd ? at + 2 : at + 1;
    if (next === 33 /* ! */ || next === 63 /* ? */ || (isEnd && !isLetter(text.charCodeAt(start)))) {
      // A declaration, a processing instruction, or `</` and no name: hidden up to the next `>`.
      if (gt.at(at + 2) !== -1) return false;
    } else if (isLetter(text.charCodeAt(start))) {
      if (tokenEnd < start) {
        tokenEnd = start;
        while (tokenEnd < text.length && !isTokenNameEnd(text.charCodeAt(tokenEnd))) tokenEnd++;
      }
      // Attributes run to the tag's `>` (a `<` does not end them); one with a value is markup.
      if (tokenEnd < text.length && text.charCodeAt(tokenEnd) !== 62) {
        const value = equals.at(tokenEnd);
        const close = gt.at(tokenEnd);
        if (value !== -1 && (close === -1 || value < close)) return false;
      }
      const end = nameEnd(text, start);
      if (!isEnd && (ends.get(text.slice(start, end).toLowerCase()) ?? -1) > at) return false;
    }
    at = text.indexOf("<", at + 1);
  }
  return true;
}

/** Every `<` that would start markup dropped; the last resort, which also loses "a<b". */
export function dropMarkupStarts(text: string): string {
  return text.replace(/<+(?=[a-zA-Z/!?])/g, "");
}
