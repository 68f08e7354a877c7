import { invalidRequest } from "../../errors.ts";
import { withoutControls } from "../feeds/parse/html-text.ts";
import { decodeXmlEntities, stripDoctype } from "../feeds/parse/xml.ts";

/** Outlines with an xmlUrl read from one file, at most: far more than the 50 a member may follow. */
export const MAX_OPML_OUTLINES = 500;

export type OpmlOutline = { line: number; address: string; title: string | null };

const OUTLINE = /<outline\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Comments and CDATA hold no outlines; blanked out with their line breaks kept, so lines still count right. */
const blankInert = (xml: string) =>
  xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (inert) => inert.replace(/[^\n]/g, " "));

/**
 * The feeds an OPML file lists: each `<outline>` with an xmlUrl, with its line in the
 * file. No DTD is read and no entity but XML's five and numeric references is expanded
 * (a DOCTYPE is dropped, line breaks kept), so neither external entities nor entity
 * bombs do anything; one linear pass over a size-capped text.
 */
export function readOpml(text: string): OpmlOutline[] {
  const start = text.search(/<!DOCTYPE/i);
  let xml = text;
  if (start !== -1) {
    // Dropped with its line breaks kept, so outlines after it keep their line numbers.
    let stripped: string;
    try {
      stripped = stripDoctype(text);
    } catch {
      throw invalidRequest("That is not an OPML file (its DOCTYPE never ends)");
    }
    const removed = text.length - stripped.length;
    const doctype = text.slice(start, start + removed);
    xml = stripped.slice(0, start) + doctype.replace(/[^\n]/g, " ") + stripped.slice(start);
  }
  xml = blankInert(xml);
  if (!/<opml\b/i.test(xml)) throw invalidRequest("That is not an OPML file (no <opml> element)");
  const outlines: OpmlOutline[] = [];
  let line = 1;
  let counted = 0;
  for (const match of xml.matchAll(OUTLINE)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[1] as string).matchAll(ATTRIBUTE)) {
      const name = (attribute[1] as string).toLowerCase();
      if (!attributes.has(name)) attributes.set(name, decodeXmlEntities(attribute[2] ?? attribute[3] ?? ""));
    }
    const address = attributes.get("xmlurl")?.trim();
    if (!address) continue;
    for (let i = counted; i < (match.index as number); i++) if (xml.charCodeAt(i) === 10) line++;
    counted = match.index as number;
    if (outlines.length === MAX_OPML_OUTLINES) {
      throw invalidRequest(`The OPML file lists more than ${MAX_OPML_OUTLINES} feeds; split it`);
    }
    const title = (attributes.get("title") ?? attributes.get("text") ?? "").trim();
    outlines.push({ line, address, title: title === "" ? null : title.slice(0, 200) });
  }
  return outlines;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text fit for an XML attribute; control characters XML forbids are dropped. */
export function escapeXml(text: string): string {
  return withoutControls(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

/** An OPML 2.0 document of the member's feeds. */
export function writeOpml(
  feeds: ReadonlyArray<{ title: string; url: string; siteUrl: string | null }>,
  { title, now }: { title: string; now: Date },
): string {
  const outlines = feeds.map((feed) => {
    const site = feed.siteUrl ? ` htmlUrl="${escapeXml(feed.siteUrl)}"` : "";
    const name = escapeXml(feed.title);
    return `    <outline type="rss" text="${name}" title="${name}" xmlUrl="${escapeXml(feed.url)}"${site}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    "  <head>",
    `    <title>${escapeXml(title)}</title>`,
    `    <dateCreated>${now.toUTCString()}</dateCreated>`,
    "  </head>",
    "  <body>",
    ...outlines,
    "  </body>",
    "</opml>",
    "",
  ].join("\n");
}
