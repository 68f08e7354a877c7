import { NS } from "./namespaces.ts";
import { attr, elementsOf, textContent, type XmlElement } from "./xml.ts";

/**
 * A field's value as its feed declares it: plain text (Atom `type="text"`, JSON Feed's
 * `content_text`), or HTML (RSS descriptions, Atom `type="html"`, and any markup written
 * as XML, serialised back to HTML so it is read as one).
 */
export type FeedText = { kind: "text" | "html"; value: string };

export const asText = (value: string): FeedText => ({ kind: "text", value });
export const asHtml = (value: string): FeedText => ({ kind: "html", value });

/** A field with nothing in it is no field: the next candidate (author after dc:creator, say) is read instead. */
const filled = (field: FeedText | undefined) => (field === undefined || field.value.trim() === "" ? undefined : field);

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * An element's content written back as HTML, in document order: text escaped, attributes
 * (namespace declarations aside) re-escaped, XHTML elements by their local name.
 */
export function innerHtml(element: XmlElement): string {
  let out = "";
  for (const node of element.children) {
    if (typeof node === "string") {
      out += escapeText(node);
      continue;
    }
    const name = node.ns === NS.xhtml ? node.local : node.name;
    let attributes = "";
    for (const key in node.attributes ?? {}) {
      if (key === "xmlns" || key.startsWith("xmlns:")) continue;
      attributes += ` ${key}="${escapeAttribute(attr(node, key) as string)}"`;
    }
    out +=
      VOID.has(name) && node.children.length === 0
        ? `<${name}${attributes}/>`
        : `<${name}${attributes}>${innerHtml(node)}</${name}>`;
  }
  return out;
}

const hasElements = (element: XmlElement) => element.children.some((node) => typeof node !== "string");

/**
 * An RSS element (title, description, content:encoded): HTML, one level. Markup written as
 * XML inside it (`<description><p>…</p></description>`) is that HTML too.
 */
export function rssField(element: XmlElement | undefined): FeedText | undefined {
  if (element === undefined) return undefined;
  return filled(asHtml(hasElements(element) ? innerHtml(element) : textContent(element)));
}

/** Atom's XHTML content sits in one wrapping div, which is not part of it. */
function xhtmlContent(element: XmlElement): string {
  const elements = elementsOf(element);
  const only = elements[0];
  const wrapped =
    elements.length === 1 &&
    only?.local === "div" &&
    element.children.every((node) => node === only || (typeof node === "string" && node.trim() === ""));
  return innerHtml(wrapped ? (only as XmlElement) : element);
}

/** A type's name, its parameters (`; charset=utf-8`) left off, in lower case. */
export const mimeType = (type: string) => (type.split(";")[0] as string).trim().toLowerCase();

const isXmlType = (type: string) => type.endsWith("+xml") || type.endsWith("/xml");

/** A value of a MIME type: HTML and XML types read as HTML, other text as text; anything else is not text. */
function ofMimeType(value: string, type: string): FeedText | undefined {
  if (type === "text/html" || isXmlType(type)) return asHtml(value);
  if (type.startsWith("text/")) return asText(value);
  return undefined;
}

/** Base64 as text (UTF-8), or undefined when it is not base64. */
function fromBase64(encoded: string): string | undefined {
  const compact = encoded.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64").toString("utf8");
}

/**
 * An Atom 1.0 text construct or content element, by its `type`: `text` (the default) is
 * text and never read as markup, `html` is escaped HTML, `xhtml` is markup written as XML.
 * Content may name a MIME type instead: text types as text (HTML as HTML), XML types as
 * markup, and any other type is base64 of something that is not text, so it gives none.
 * Content with `src` is elsewhere and gives none either. Atom 0.3 elements are read by
 * their own rules (atom03Field).
 */
export function atomField(element: XmlElement | undefined): FeedText | undefined {
  return filled(atomValue(element));
}

function atomValue(element: XmlElement | undefined): FeedText | undefined {
  if (element === undefined) return undefined;
  if (element.ns === NS.atom03) return atom03Field(element);
  if (element.local === "content" && attr(element, "src") !== undefined) return undefined;
  const type = mimeType(attr(element, "type") ?? "text");
  if (type === "text" || type === "") return asText(textContent(element));
  if (type === "html") return asHtml(textContent(element));
  if (type === "xhtml") return asHtml(xhtmlContent(element));
  if (isXmlType(type)) return asHtml(hasElements(element) ? innerHtml(element) : textContent(element));
  return ofMimeType(textContent(element), type);
}

/**
 * Atom 0.3: `type` is a MIME type (text/plain by default) and `mode` says how the value is
 * written: `xml` (the default) inline, `escaped` as escaped text, `base64` encoded.
 */
function atom03Field(element: XmlElement): FeedText | undefined {
  const type = mimeType(attr(element, "type") ?? "text/plain") || "text/plain";
  const mode = (attr(element, "mode") ?? "xml").trim().toLowerCase();
  if (mode === "base64") {
    const decoded = fromBase64(textContent(element));
    return decoded === undefined ? undefined : ofMimeType(decoded, type);
  }
  if (mode !== "escaped" && hasElements(element)) return asHtml(xhtmlContent(element));
  return ofMimeType(textContent(element), type);
}
