import { XMLParser } from "fast-xml-parser";

export type XmlNode = string | { [key: string]: XmlValue };
export type XmlValue = XmlNode | XmlNode[] | undefined;

const TEXT = "#text";
const CDATA = "#cdata";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: TEXT,
  cdataPropName: CDATA,
  // Entities are decoded by us, and only the five XML ones and numeric references:
  // nothing a document declares is ever expanded.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/**
 * Removes a DOCTYPE declaration, internal subset included, before parsing: DTDs are where
 * external entities and entity bombs live, and a feed never needs one. Linear in the input.
 */
export function stripDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE/i);
  if (start === -1) return xml;
  let depth = 0;
  let quote: string | undefined;
  for (let i = start + 9; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "[") {
      depth++;
    } else if (c === "]") {
      depth = Math.max(0, depth - 1);
    } else if (c === ">" && depth === 0) {
      return xml.slice(0, start) + xml.slice(i + 1);
    }
  }
  throw new Error("Unterminated DOCTYPE declaration");
}

export function parseXml(xml: string): Record<string, XmlValue> {
  return parser.parse(stripDoctype(xml)) as Record<string, XmlValue>;
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * Decodes the five predefined XML entities and numeric character references; leaves any
 * other `&name;` as written (HTML named entities are decoded later, as HTML).
 */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name] as string;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

export function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element: its entity-decoded text and its CDATA sections, as written. */
export function textOf(value: XmlValue): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined) return undefined;
  if (typeof node === "string") return decodeXmlEntities(node);
  const parts: string[] = [];
  const text = node[TEXT];
  if (typeof text === "string") parts.push(decodeXmlEntities(text));
  for (const section of asArray(node[CDATA])) {
    const raw = typeof section === "string" ? section : section?.[TEXT];
    if (typeof raw === "string") parts.push(raw);
  }
  const joined = parts.join("").trim();
  return joined === "" ? undefined : joined;
}

/** An attribute's decoded value. */
export function attr(value: XmlValue, name: string): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined || typeof node === "string") return undefined;
  const raw = node[`@_${name}`];
  return typeof raw === "string" ? decodeXmlEntities(raw) : undefined;
}

/** A child element (first, when repeated), or undefined. */
export function child(value: XmlValue, name: string): XmlValue {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined || typeof node === "string") return undefined;
  return node[name];
}
