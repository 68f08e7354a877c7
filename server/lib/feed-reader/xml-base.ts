import { decodeXmlEntities, type XmlElement } from "./xml.ts";

/**
 * The base address `xml:base` gives an element: its own, resolved against its parent's,
 * and so on up to the feed's own address; only an http(s) base counts. Undefined when no element up the chain has
 * one, so callers keep their own default (a description's pictures resolve against the
 * article's link). Worked out once per element.
 */
export function xmlBase(element: XmlElement | null | undefined, feedUrl: string | undefined): string | undefined {
  if (!element) return undefined;
  if (element.resolvedBase !== undefined) return element.resolvedBase ?? undefined;
  const inherited = xmlBase(element.parent, feedUrl);
  const own = element.attributes?.["xml:base"];
  let resolved = inherited;
  if (own !== undefined) {
    try {
      const url = new URL(decodeXmlEntities(own).trim(), inherited ?? feedUrl);
      if (url.protocol === "https:" || url.protocol === "http:") resolved = url.href;
    } catch {
      // A base that cannot be read (or a relative one with nothing to resolve it against) adds nothing.
    }
  }
  element.resolvedBase = resolved ?? null;
  return resolved;
}

/** An address as written in `element`, resolved against the xml:base in force there (if any). */
export function addressIn(
  element: XmlElement | undefined,
  address: string | undefined,
  feedUrl: string | undefined,
): string | undefined {
  const trimmed = address?.trim();
  if (!trimmed || element === undefined) return trimmed || undefined;
  const base = xmlBase(element, feedUrl);
  if (base === undefined) return trimmed;
  try {
    return new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed, base).href;
  } catch {
    return trimmed;
  }
}
