const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for XML and HTML, in element content and quoted attributes alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ENTITIES[c] as string);
}

/** Characters XML 1.0 does not allow anywhere in a document, even escaped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for an XML document (element content or a quoted attribute), dropping the characters XML forbids. */
export function escapeXml(text: string): string {
  return escapeMarkup(text.replace(NOT_XML, ""));
}
