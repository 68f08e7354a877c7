import { describe, expect, it } from "vitest";
import { NS } from "./namespaces.ts";
import {
  attr,
  attrNs,
  child,
  decodeXmlEntities,
  elementsOf,
  parseXml,
  textContent,
  textOf,
  type XmlElement,
} from "./xml.ts";

type Shape = string | [name: string, attributes: Record<string, string>, ...children: Shape[]];

/** An element as a compact, comparable shape: name, attributes as written, children in order. */
const shape = (element: XmlElement): Shape => [
  element.name,
  { ...(element.attributes ?? {}) },
  ...element.children.map((node) => (typeof node === "string" ? node : shape(node))),
];
const read = (xml: string) => elementsOf(parseXml(xml)).map(shape);

describe("parseXml", () => {
  it.each<[string, string, Shape[]]>([
    ["nested elements and text", "<a><b>hi</b></a>", [["a", {}, ["b", {}, "hi"]]]],
    [
      "mixed content in document order",
      "<t>Bitcoin <b>rose</b> 5% on <a>Monday</a> after the news.</t>",
      [["t", {}, "Bitcoin ", ["b", {}, "rose"], " 5% on ", ["a", {}, "Monday"], " after the news."]],
    ],
    [
      "repeated children in order",
      "<a><b>1</b><c/><b>2</b></a>",
      [["a", {}, ["b", {}, "1"], ["c", {}], ["b", {}, "2"]]],
    ],
    [
      "attributes, both quote styles, and self-closing tags",
      `<a><b x="1" y='2'/></a>`,
      [["a", {}, ["b", { x: "1", y: "2" }]]],
    ],
    ["attributes kept as written", `<a u="a&amp;b"/>`, [["a", { u: "a&amp;b" }]]],
    ["CDATA in its place among the text", "<a>x <![CDATA[<b>]]> y</a>", [["a", {}, "x <b> y"]]],
    [
      "comments and processing instructions skipped",
      "<?xml version='1.0'?><!-- c --><a><?pi x?>t</a>",
      [["a", {}, "t"]],
    ],
    ["a stray end tag ignored", "<a><b>1</c></b></a>", [["a", {}, ["b", {}, "1"]]]],
    ["an end tag closing inner elements left open", "<a><b><c>1</a>", [["a", {}, ["b", {}, ["c", {}, "1"]]]]],
    ["unclosed elements closed at the end", "<a><b>1</b><b>2", [["a", {}, ["b", {}, "1"], ["b", {}, "2"]]]],
    ["a lone < in text kept", "<a>1 < 2</a>", [["a", {}, "1 < 2"]]],
    ["layout kept where it is", "<a>\n  <b>x</b>\n</a>", [["a", {}, "\n  ", ["b", {}, "x"], "\n"]]],
    ["a space that is all an element holds", "<a>x<b> </b>y</a>", [["a", {}, "x", ["b", {}, " "], "y"]]],
  ])("reads %s", (_, xml, expected) => {
    expect(read(xml)).toEqual(expected);
  });

  it("knows each element's namespace by its declared prefix, not the prefix itself", () => {
    const document = parseXml(`<r:rss xmlns:r="http://backend.userland.com/rss2" xmlns:x="${NS.dc}">
      <r:channel><x:creator>A</x:creator><dc:date>d</dc:date><foo:bar/><plain/></r:channel></r:rss>`);
    const root = elementsOf(document)[0] as XmlElement;
    expect([root.local, root.ns]).toEqual(["rss", "http://backend.userland.com/rss2"]);
    const [creator, date, unknown, plain] = elementsOf(child(root, root.ns, "channel"));
    // A declared prefix, a conventional one left undeclared, an unknown one, and no prefix.
    expect([creator?.local, creator?.ns]).toEqual(["creator", NS.dc]);
    expect([date?.local, date?.ns]).toEqual(["date", NS.dc]);
    expect(unknown?.ns).toBe("urn:x-undeclared-prefix:foo");
    expect(plain?.ns).toBe("");
  });

  it("scopes default namespaces and re-declarations to the element and its descendants", () => {
    const document = parseXml(`<feed xmlns="${NS.atom}"><title>T</title>
      <content><div xmlns="${NS.xhtml}"><p>x</p></div></content><entry xmlns=""><id>1</id></entry></feed>`);
    const feed = elementsOf(document)[0] as XmlElement;
    expect(child(feed, NS.atom, "title")?.ns).toBe(NS.atom);
    const div = elementsOf(child(feed, NS.atom, "content"))[0] as XmlElement;
    expect([div.ns, elementsOf(div)[0]?.ns]).toEqual([NS.xhtml, NS.xhtml]);
    expect(elementsOf(child(feed, "", "entry"))[0]?.ns).toBe("");
  });

  it("skips a DOCTYPE in the prolog unread, internal subset and all, and refuses one that never ends", () => {
    expect(read(`<!DOCTYPE r [ <!ENTITY a "]>"> <!ENTITY b '[x]'> ]><r>&a;</r>`)).toEqual([["r", {}, "&a;"]]);
    expect(() => parseXml("<!DOCTYPE r [ <!ENTITY a 'x'>")).toThrow(/Unterminated/);
    // A comment in the subset may hold a lone quote.
    expect(read("<!DOCTYPE rss [ <!-- it's --> ]><r>x</r>")).toEqual([["r", {}, "x"]]);
    // Past the first element a declaration is skipped like any other.
    expect(read("<r><!DOCTYPE x [ <a>]>y</r>")).toEqual([["r", {}, "]>y"]]);
  });

  it("lets the caller keep or drop each element as it closes, its children complete", () => {
    const seen: string[] = [];
    const document = parseXml("<rss><item><t>1</t></item><item><t>2</t></item><x/></rss>", {
      onClose(element) {
        if (element.name !== "item") return true;
        seen.push(textContent(element));
        return false;
      },
    });
    expect(seen).toEqual(["1", "2"]);
    expect(shape(elementsOf(document)[0] as XmlElement)).toEqual(["rss", {}, ["x", {}]]);
  });

  it("reads layout split by thousands of stray tags in one pass", { timeout: 5_000 }, () => {
    // Hang guard, not a speed target: re-reading the text gathered so far would take minutes.
    const body = `<r>${" ".repeat(200_000)}x${" </z>".repeat(40_000)}</r>`;
    expect(textOf(elementsOf(parseXml(body))[0])).toBe("x");
  });

  it("finds a namespaced attribute whatever prefix the feed binds", () => {
    const item = elementsOf(parseXml(`<item xmlns:R="${NS.rdf}" R:about="https://a.example/1"/>`))[0];
    expect(attrNs(item, NS.rdf, "about")).toBe("https://a.example/1");
    expect(attrNs(item, NS.dc, "about")).toBeUndefined();
  });

  it.each([
    ["&lt;b&gt; &amp; &quot;q&quot; &apos;", '<b> & "q" \''],
    ["&#65;&#x42;&#X43;", "ABC"],
    [
      "HTML's named references, which feeds use undeclared: &nbsp;&copy;&eacute;",
      "HTML's named references, which feeds use undeclared: \u00a0©é",
    ],
    ["one level only: &amp;lt;", "one level only: &lt;"],
    ["&#0; &#xD800; &#1114112; &xxe; &lol9;", "&#0; &#xD800; &#1114112; &xxe; &lol9;"],
  ])("decodes fixed references and leaves any other as written: %s", (text, expected) => {
    expect(decodeXmlEntities(text)).toBe(expected);
  });

  it("gives an element's text and attributes decoded, CDATA as written", () => {
    const a = elementsOf(parseXml(`<a u="x&amp;y">A &amp; <![CDATA[B &amp; C]]></a>`))[0];
    expect(textOf(a)).toBe("A & B &amp; C");
    expect(attr(a, "u")).toBe("x&y");
  });
});
