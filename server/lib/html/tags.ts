import { Tokenizer } from "htmlparser2";
import { doctypeEnd } from "../feed-reader/xml.ts";

/*
 * The start tags asked for, with their attributes, out of HTML or XML text: what OPML
 * import and feed autodiscovery read. It runs htmlparser2's tokenizer, one linear pass
 * whatever members send. A construct that never ends (a tag without `>`, a quote, comment,
 * CDATA section, DOCTYPE, declaration or raw-text element never closed) ends the reading,
 * as it ends a browser's or an XML parser's, and the scan says where it starts. No DTD is
 * read: a DOCTYPE is stepped over, internal subset and all (docs/decisions/007).
 */

/** A start tag asked for: its lower-cased name, its attributes and where it starts in the text. */
export type Tag = {
  name: string;
  /** By lower-cased name, the first of each name kept, character references decoded. */
  attributes: Map<string, string>;
  start: number;
};

export type ScanOptions = {
  /** The start tags wanted, by lower-cased name; every other tag is stepped over. */
  names: ReadonlySet<string>;
  /**
   * Read as XML (OPML): CDATA sections are sections, and no element's content is raw text.
   * As HTML (the default), script, style, title, textarea and xmp hold text up to their end tag.
   */
  xml?: boolean;
};

const LT = 60;
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp"]);
const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
/** Where the tokenizer ends a tag's name (or where an XML name cannot start). */
const endsName = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13 || c === 47 || c === 62;

/**
 * Calls `visit` with each wanted start tag in the text's order. Returns null when the
 * whole text was read, or where the construct that never ends starts (nothing after it
 * is markup).
 */
export function scanTags(text: string, options: ScanOptions, visit: (tag: Tag) => void): number | null {
  const xml = options.xml === true;
  /** Where the text handed to the running tokenizer starts: past a DOCTYPE once one is stepped over. */
  let base = 0;
  /** The end of the last construct read whole: a `<` after it that starts a tag was cut off. */
  let covered = 0;
  let stoppedAt: number | null = null;
  let doctypeSeen = false;
  let finishing = false;

  let tagStart = -1;
  let tagName = "";
  let wanted = false;
  let attributes = new Map<string, string>();
  let attributeName = "";
  let value = "";
  /** The `<` of a raw-text element whose end tag has not come, and of an end tag whose `>` has not. */
  let rawOpen = -1;
  let closeAt = -1;

  const startsTag = (at: number) => {
    const c = text.charCodeAt(at + 1);
    const named = c === 47 ? text.charCodeAt(at + 2) : c;
    return xml ? !Number.isNaN(named) && !endsName(named) : isLetter(named);
  };
  const openTagEnded = (end: number, selfClosing: boolean) => {
    covered = end + 1;
    if (wanted) visit({ name: tagName, attributes, start: tagStart });
    if (!xml && !selfClosing && RAW_TEXT.has(tagName)) rawOpen = tagStart;
    tagStart = -1;
  };

  /** A comment or CDATA section; one the text ends inside comes with no end marker (`offset` 0). */
  const sectionEnded = (start: number, end: number, offset: number) => {
    if (finishing && offset === 0 && base + end === text.length) stoppedAt = text.lastIndexOf("<!", base + start);
    covered = base + end + offset + 1;
  };

  let tokenizer: Tokenizer | undefined;
  const callbacks = {
    onopentagname(start: number, end: number) {
      tagStart = base + start - 1;
      tagName = text.slice(base + start, base + end).toLowerCase();
      wanted = options.names.has(tagName);
      attributes = new Map();
    },
    onattribname(start: number, end: number) {
      attributeName = wanted ? text.slice(base + start, base + end).toLowerCase() : "";
      value = "";
    },
    onattribdata(start: number, end: number) {
      if (wanted) value += text.slice(base + start, base + end);
    },
    onattribentity(codepoint: number) {
      if (wanted) value += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (wanted && !attributes.has(attributeName)) attributes.set(attributeName, value);
    },
    onopentagend(end: number) {
      openTagEnded(base + end, false);
    },
    onselfclosingtag(end: number) {
      openTagEnded(base + end, true);
    },
    onclosetag(start: number, end: number) {
      rawOpen = -1;
      closeAt = text.lastIndexOf("<", base + start);
      covered = base + end;
    },
    ontext(start: number, end: number) {
      if (finishing && start < 0) {
        // An end tag whose `>` never came.
        stoppedAt = closeAt;
        return;
      }
      const at = base + start;
      if (finishing && base + end === text.length && at >= 2 && text.charCodeAt(at - 2) === LT) {
        const c = text.charCodeAt(at - 1);
        // A declaration, DOCTYPE, CDATA section or processing instruction that never ends.
        if (c === 33 /* ! */ || c === 63 /* ? */) stoppedAt = at - 2;
      }
      covered = base + end;
    },
    ontextentity(_codepoint: number, end: number) {
      covered = base + end;
    },
    oncomment: sectionEnded,
    oncdata: sectionEnded,
    ondeclaration(start: number, end: number) {
      const lt = base + start - 2;
      covered = base + end + 1;
      if (doctypeSeen || text.slice(lt + 2, lt + 9).toLowerCase() !== "doctype") return;
      doctypeSeen = true;
      // The tokenizer ends a declaration at its first `>`; an internal subset may hold many.
      const past = doctypeEnd(text, lt);
      if (past === -1) {
        stoppedAt = lt;
        tokenizer?.pause();
      } else if (past > covered) {
        covered = past;
        tokenizer?.pause();
        restartAt(past);
      }
    },
    onprocessinginstruction(_start: number, end: number) {
      covered = base + end + 1;
    },
    onend() {},
  };
  const restartAt = (from: number) => {
    base = from;
    const reading = new Tokenizer({ xmlMode: xml, decodeEntities: true }, callbacks);
    tokenizer = reading;
    reading.write(from === 0 ? text : text.slice(from));
  };

  restartAt(0);
  if (stoppedAt !== null) return stoppedAt;
  finishing = true;
  tokenizer?.end();
  if (stoppedAt !== null) return stoppedAt;
  if (rawOpen !== -1) return rawOpen;
  if (tagStart !== -1) return tagStart;
  const lastLt = text.lastIndexOf("<");
  if (lastLt >= covered && startsTag(lastLt)) return lastLt;
  return null;
}
