import { describe, expect, it } from "vitest";
import { decodeXmlEntities, parseXml, stripDoctype, textOf } from "./xml.ts";

describe("parseXml", () => {
  it.each([
    ["nested elements and text", "<a><b>hi</b></a>", { a: { b: "hi" } }],
    ["repeated children become a list", "<a><b>1</b><b>2</b></a>", { a: { b: ["1", "2"] } }],
    [
      "attributes, both quote styles, and self-closing tags",
      `<a><b x="1" y='2'/></a>`,
      { a: { b: { "@_x": "1", "@_y": "2" } } },
    ],
    ["attributes kept as written", `<a u="a&amp;b"/>`, { a: { "@_u": "a&amp;b" } }],
    ["CDATA apart from text", "<a>x <![CDATA[<b>]]></a>", { a: { "#cdata": "<b>", "#text": "x " } }],
    ["comments and processing instructions skipped", "<?xml version='1.0'?><!-- c --><a><?pi x?>t</a>", { a: "t" }],
    [
      "namespaced names kept",
      `<rss><media:thumbnail url="u"/></rss>`,
      { rss: { "media:thumbnail": { "@_url": "u" } } },
    ],
    ["a stray end tag ignored", "<a><b>1</c></b></a>", { a: { b: "1" } }],
    ["an end tag closing inner elements left open", "<a><b><c>1</a>", { a: { b: { c: "1" } } }],
    ["unclosed elements closed at the end", "<a><b>1</b><b>2", { a: { b: ["1", "2"] } }],
    ["a lone < in text kept", "<a>1 < 2</a>", { a: "1 < 2" }],
  ])("reads %s", (_, xml, expected) => {
    expect(parseXml(xml)).toEqual(expected);
  });

  it("cuts a DOCTYPE with its internal subset, however it nests brackets and quotes", () => {
    expect(stripDoctype(`<!DOCTYPE r [ <!ENTITY a "]>"> <!ENTITY b '[x]'> ]><r/>`)).toBe("<r/>");
    expect(() => stripDoctype("<!DOCTYPE r [ <!ENTITY a 'x'>")).toThrow(/Unterminated/);
  });

  it.each([
    ["&lt;b&gt; &amp; &quot;q&quot; &apos;", '<b> & "q" \''],
    ["&#65;&#x42;&#X43;", "ABC"],
    ["&nbsp;&copy;", "&nbsp;&copy;"],
    ["&#0; &#xD800; &#1114112;", "&#0; &#xD800; &#1114112;"],
  ])("decodes only XML's own entities and valid references: %s", (text, expected) => {
    expect(decodeXmlEntities(text)).toBe(expected);
  });

  it("gives an element's text with CDATA as written", () => {
    expect(textOf(parseXml("<a>A &amp; <![CDATA[B &amp; C]]></a>").a)).toBe("A & B &amp; C");
  });
});
