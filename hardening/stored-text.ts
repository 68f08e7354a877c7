/**
 * What the stored-XSS sweeps look for in an answer: text that a browser would read as
 * markup, and addresses a page would follow or load that are not http(s) (or a path on
 * this site). Each finding names where it is, so a failure points at the field.
 */
import { UNSAFE_MARKUP } from "../server/test/inert.ts";
import { ADDRESS_FIELD, isDangerousAddress, isSafeAddress } from "./payloads.ts";
import { elementsOf, type XmlElement } from "./xml.ts";

const clip = (text: string) => JSON.stringify(text.length > 90 ? `${text.slice(0, 90)}…` : text);

/** The first rule of UNSAFE_MARKUP (server/test/inert.ts) the text breaks, if any. */
export const markupIn = (text: string) => UNSAFE_MARKUP.find((pattern) => pattern.test(text));

export type JsonRules = {
  /** Refuse any string that opens markup (feed text is stored inert). */
  markup: boolean;
  /**
   * Fields holding identifiers the web app never links to (a feed's guid is kept as an
   * article's id however it is spelt): their text is judged, not as an address.
   */
  opaque?: RegExp;
};

/** Identifier fields of Gemwire's own API answers (never an href in the web app). */
export const API_IDS = /^(id|storyId)$/;

/**
 * Findings in a JSON answer. `markup: true` (feed text, which is stored inert) also
 * refuses any string that opens markup; members' text is stored as written, so for it
 * only addresses are judged here and the text is compared with what was sent.
 */
export function unsafeInJson(value: unknown, options: JsonRules, where = "$"): string[] {
  const { markup, opaque } = options;
  if (typeof value === "string") {
    const found: string[] = [];
    if (markup && markupIn(value)) found.push(`${where} opens markup: ${clip(value)}`);
    const field = /([^.[\]]+)\]?$/.exec(where)?.[1] ?? "";
    if (opaque?.test(field)) return found;
    if (isDangerousAddress(value)) found.push(`${where} is a script or data address: ${clip(value)}`);
    else if (ADDRESS_FIELD.test(field) && !isSafeAddress(value))
      found.push(`${where} is an address that is not http(s): ${clip(value)}`);
    return found;
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => unsafeInJson(item, options, `${where}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => unsafeInJson(item, options, `${where}.${key}`));
  return [];
}

/** Decodes the HTML character references a reader decodes once more in an HTML field. */
export function decodeHtmlOnce(text: string): string {
  const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return named[name.toLowerCase()] ?? whole;
  });
}

/** RSS elements a reader may show as HTML (so one more decoding must still open nothing). */
const HTML_ELEMENTS = new Set(["title", "description", "content:encoded", "summary", "content"]);
/** Elements whose text a reader follows as an address. */
const ADDRESS_ELEMENTS = new Set(["link", "comments", "docs", "url", "atom:link"]);

/**
 * Findings in a published XML document (already read strictly by readXml): its text, as
 * a reader decodes it, opens no markup, and its addresses, in elements and attributes,
 * are all http(s). With `shownInert` (feed text, stored inert), the text a reader shows
 * from an HTML field, decoded once more, opens none either; members' text may show as
 * "<b>" there, written as text. `plainText` names elements RSS defines as plain text
 * (authors, categories), which carry members' text exactly as written.
 */
export function unsafeInXml(
  document: XmlElement,
  { shownInert, plainText = new Set() }: { shownInert: boolean; plainText?: ReadonlySet<string> },
): string[] {
  const found: string[] = [];
  for (const element of elementsOf(document)) {
    const where = `<${element.name}>`;
    const text = element.text.trim();
    if (plainText.has(element.name)) {
      // Text a reader shows as written (RSS authors and categories): judged by the caller.
    } else if (markupIn(text)) found.push(`${where} opens markup: ${clip(text)}`);
    else if (shownInert && HTML_ELEMENTS.has(element.name) && markupIn(decodeHtmlOnce(text)))
      found.push(`${where} shows markup once decoded as HTML: ${clip(text)}`);
    if (ADDRESS_ELEMENTS.has(element.name) && text && (!isSafeAddress(text) || isDangerousAddress(text)))
      found.push(`${where} is an address that is not http(s): ${clip(text)}`);
    for (const [name, value] of Object.entries(element.attributes)) {
      if (markupIn(value)) found.push(`${where} @${name} opens markup: ${clip(value)}`);
      if (isDangerousAddress(value) || (/^(url|href|src|xmlUrl|htmlUrl)$/i.test(name) && !isSafeAddress(value)))
        found.push(`${where} @${name} is an address that is not http(s): ${clip(value)}`);
    }
  }
  return found;
}
