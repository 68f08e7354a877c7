import { decodeXmlEntities, doctypeEnd } from "../../lib/feed-reader/xml.ts";

/*
 * One forward pass over HTML or XML text that hands back the start tags asked for, with
 * their attributes: what OPML import and feed autodiscovery read. Members send both texts,
 * so the scan is linear whatever they hold: every character is looked at a bounded number
 * of times, and a construct that never ends (a tag without `>`, a quote, comment, CDATA
 * section, DOCTYPE or script never closed) ends the scan, as it ends a browser's or an XML
 * parser's reading, instead of being retried from the next `<`. No DTD is read: a DOCTYPE
 * is stepped over, internal subset and all (docs/decisions/007).
 */

/** A start tag asked for: its lower-cased name, its attributes and where it starts in the text. */
export type Tag = {
  name: string;
  /** By lower-cased name, the first of each name kept, XML's entities and numeric references decoded. */
  attributes: Map<string, string>;
  start: number;
};

export type ScanOptions = {
  /** The start tags wanted, by lower-cased name; every other tag is stepped over. */
  names: ReadonlySet<string>;
  /** Elements whose content is text up to their end tag, never markup (HTML's script, style…). */
  rawText?: ReadonlySet<string>;
};

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
const SLASH = 47;
const GT = 62;
const EQUALS = 61;

/**
 * Calls `visit` with each wanted start tag in the text's order. Returns null when the
 * whole text was read, or where the construct that never ends starts (nothing after it
 * is markup).
 */
export function scanTags(text: string, options: ScanOptions, visit: (tag: Tag) => void): number | null {
  const length = text.length;
  let i = 0;
  for (;;) {
    const lt = text.indexOf("<", i);
    if (lt === -1) return null;
    const skipped = skipSpecial(text, lt);
    if (skipped !== null) {
      if (skipped === -1) return lt;
      i = skipped;
      continue;
    }
    const closing = text.charCodeAt(lt + 1) === SLASH;
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isLetter(text.charCodeAt(nameStart))) {
      i = lt + 1;
      continue;
    }
    let p = nameStart;
    while (p < length && !isSpace(text.charCodeAt(p)) && text.charCodeAt(p) !== SLASH && text.charCodeAt(p) !== GT) p++;
    const name = text.slice(nameStart, p).toLowerCase();
    const wanted = !closing && options.names.has(name);
    const attributes = new Map<string, string>();
    // The attributes, up to the tag's `>`; a quoted value is skipped whole, so a `>` in it does not end the tag.
    for (;;) {
      while (p < length && (isSpace(text.charCodeAt(p)) || text.charCodeAt(p) === SLASH)) p++;
      if (p >= length) return lt;
      if (text.charCodeAt(p) === GT) {
        p++;
        break;
      }
      const attributeStart = p;
      // At least one character: an `=` where a name should be is part of the name, as in HTML.
      do p++;
      while (
        p < length &&
        !isSpace(text.charCodeAt(p)) &&
        text.charCodeAt(p) !== SLASH &&
        text.charCodeAt(p) !== GT &&
        text.charCodeAt(p) !== EQUALS
      );
      const attribute = wanted ? text.slice(attributeStart, p).toLowerCase() : "";
      let q = p;
      while (q < length && isSpace(text.charCodeAt(q))) q++;
      if (text.charCodeAt(q) !== EQUALS) {
        if (wanted && !attributes.has(attribute)) attributes.set(attribute, "");
        continue;
      }
      q++;
      while (q < length && isSpace(text.charCodeAt(q))) q++;
      if (q >= length) return lt;
      const quote = text[q];
      let value: string;
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, q + 1);
        if (close === -1) return lt;
        value = text.slice(q + 1, close);
        p = close + 1;
      } else {
        p = q;
        while (p < length && !isSpace(text.charCodeAt(p)) && text.charCodeAt(p) !== GT) p++;
        value = text.slice(q, p);
      }
      if (wanted && !attributes.has(attribute)) attributes.set(attribute, decodeXmlEntities(value));
    }
    if (wanted) visit({ name, attributes, start: lt });
    i = p;
    if (!closing && options.rawText?.has(name)) {
      const endTag = new RegExp(`</${name}[\\s/>]`, "gi");
      endTag.lastIndex = p;
      const end = endTag.exec(text);
      if (!end) return lt;
      i = end.index;
    }
  }
}

/**
 * Steps over a comment, CDATA section, DOCTYPE, processing instruction or other `<!…>` at
 * `lt`: where reading goes on, -1 when it never ends, null when `lt` starts none of them.
 */
function skipSpecial(text: string, lt: number): number | null {
  const next = text.charCodeAt(lt + 1);
  if (next !== 33 /* ! */ && next !== 63 /* ? */) return null;
  const past = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    return at === -1 ? -1 : at + end.length;
  };
  if (text.startsWith("<!--", lt)) return past("-->", lt + 4);
  if (text.startsWith("<![CDATA[", lt)) return past("]]>", lt + 9);
  if (text.slice(lt, lt + 9).toLowerCase() === "<!doctype") return doctypeEnd(text, lt);
  return past(">", lt + 2);
}
