import { invalidRequest } from "../../errors.ts";
import { scanTags } from "../../lib/html/tags.ts";
import { escapeXml } from "../../lib/markup.ts";

/** Outlines with an xmlUrl read from one file, at most: far more than the 50 a member may follow. */
export const MAX_OPML_OUTLINES = 500;

export type OpmlOutline = { line: number; address: string; title: string | null };

const OPML_TAGS = new Set(["opml", "outline"]);

/**
 * The feeds an OPML file lists: each `<outline>` with an xmlUrl, with its line in the
 * file. No DTD is read and no entity but XML's five and numeric references is expanded
 * (a DOCTYPE is stepped over), so neither external entities nor entity bombs do
 * anything; outlines in comments and CDATA are not outlines. One linear pass (lib/html/tags.ts).
 */
export function readOpml(text: string): OpmlOutline[] {
  const outlines: OpmlOutline[] = [];
  let isOpml = false;
  let line = 1;
  let counted = 0;
  const stoppedAt = scanTags(text, { names: OPML_TAGS, xml: true }, (tag) => {
    if (tag.name === "opml") {
      isOpml = true;
      return;
    }
    const address = tag.attributes.get("xmlurl")?.trim();
    if (!address) return;
    for (let i = counted; i < tag.start; i++) if (text.charCodeAt(i) === 10) line++;
    counted = tag.start;
    if (outlines.length === MAX_OPML_OUTLINES) {
      throw invalidRequest(`The OPML file lists more than ${MAX_OPML_OUTLINES} feeds; split it`);
    }
    const title = (tag.attributes.get("title") ?? tag.attributes.get("text") ?? "").trim();
    outlines.push({ line, address, title: title === "" ? null : title.slice(0, 200) });
  });
  if (stoppedAt !== null && text.slice(stoppedAt, stoppedAt + 9).toLowerCase() === "<!doctype") {
    throw invalidRequest("That is not an OPML file (its DOCTYPE never ends)");
  }
  if (!isOpml) throw invalidRequest("That is not an OPML file (no <opml> element)");
  if (stoppedAt !== null) {
    // Half a file would otherwise import as a shorter list, as if nothing were missing.
    let at = 1;
    for (let i = 0; i < stoppedAt; i++) if (text.charCodeAt(i) === 10) at++;
    throw invalidRequest(`The OPML file is cut short or broken: what starts on line ${at} never ends`);
  }
  return outlines;
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
