/** The namespaces feeds are read by: each format's elements are matched by URI, never by prefix. */
export const NS = {
  atom: "http://www.w3.org/2005/Atom",
  atom03: "http://purl.org/atom/ns#",
  rss10: "http://purl.org/rss/1.0/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  dc: "http://purl.org/dc/elements/1.1/",
  dcterms: "http://purl.org/dc/terms/",
  content: "http://purl.org/rss/1.0/modules/content/",
  media: "http://search.yahoo.com/mrss/",
  itunes: "http://www.itunes.com/dtds/podcast-1.0.dtd",
  xhtml: "http://www.w3.org/1999/xhtml",
} as const;

/**
 * RSS's own elements: RSS 2.0 has no namespace, though some publishers put it in one of
 * these; RSS 0.90 and 1.0 (RDF) have theirs, and an RSS 2.0 item read by the same code
 * finds its title, link and description either way.
 */
export const RSS = new Set([
  "",
  NS.rss10,
  "http://my.netscape.com/rdf/simple/0.9/",
  "http://backend.userland.com/rss2",
  "http://backend.userland.com/rss",
  "http://blogs.law.harvard.edu/tech/rss",
  "http://purl.org/net/rss1.1#",
]);
/** Atom 1.0 and 0.3 name most elements alike; a feed with no namespace at all is read as Atom too. */
export const ATOM = new Set([NS.atom, NS.atom03, ""]);
/** Media RSS, written with and without its final slash. */
export const MEDIA = new Set([NS.media, "http://search.yahoo.com/mrss"]);
export const DC = new Set([NS.dc]);
/** Apple's podcast namespace, as its own documents have spelt it. */
export const ITUNES = new Set([NS.itunes, "http://www.itunes.com/DTDs/Podcast-1.0.dtd"]);

/**
 * Where a prefix is used without being declared (a common publishing slip), the namespace
 * its conventional prefix stands for; any other undeclared prefix gets a namespace of its
 * own, so its elements never pass for a format's.
 */
const CONVENTIONAL: Record<string, string> = {
  atom: NS.atom,
  a10: NS.atom,
  rdf: NS.rdf,
  rss: NS.rss10,
  dc: NS.dc,
  dcterms: NS.dcterms,
  content: NS.content,
  media: NS.media,
  itunes: NS.itunes,
  xhtml: NS.xhtml,
};

export function namespaceOfPrefix(prefix: string): string {
  return Object.hasOwn(CONVENTIONAL, prefix) ? (CONVENTIONAL[prefix] as string) : `urn:x-undeclared-prefix:${prefix}`;
}
