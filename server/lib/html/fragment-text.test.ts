import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectInert } from "../../test/inert.ts";
import { htmlToText } from "./fragment-text.ts";

/** Escapes text as HTML `depth` times over, as a feed that escapes its markup repeatedly does. */
const escapeTimes = (text: string, depth: number): string => {
  let out = text;
  for (let i = 0; i < depth; i++) out = out.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return out;
};

describe("htmlToText", () => {
  it.each([1, 2, 3, 4, 5])("never gives back a tag, however deep the escaping (%i times)", (depth) => {
    const title = escapeTimes('<b>Bitcoin</b> hits a <img src=x onerror="alert(1)">record', depth);
    expect(htmlToText(title)).toBe("Bitcoin hits a record");
    const description = escapeTimes("<script>alert(1)</script><p>Markets rally</p>", depth);
    expect(htmlToText(description)).toBe("Markets rally");
  });

  it("decodes the title the acceptance test found, escaped three times, into text", () => {
    const text = htmlToText("<i>&lt;i&gt;&amp;lt;img src=x onerror=alert(1)&amp;gt;Bitcoin hits a record");
    expect(text).toBe("Bitcoin hits a record");
  });

  it.each([
    ["a lone less-than", "5 < 6", "5 < 6"],
    ["a less-than before a letter", "a<b", "a<b"],
    ["a heart", "gm <3 frens", "gm <3 frens"],
    ["less-than and greater-than around digits", "1<2>3", "1<2>3"],
    ["an escaped less-than", "fees &lt; 1 sat/vB", "fees < 1 sat/vB"],
    ["an ampersand", "AT&T &amp; Verizon", "AT&T & Verizon"],
    ["an unclosed tag with attributes at the end", "Hello <img src=x onerror=alert(1)", "Hello"],
    ["an unclosed comment", "Hello <!-- hidden", "Hello"],
    ["a tag that removing another one would join", "<<b>img src=x onerror=alert(1)>Hi", "Hi"],
    ["a tag hidden in a CDATA-like section", "&lt;![CDATA[x]]&gt;Hi", "Hi"],
    ["a less-than before a letter, then more text", "a<b, and 1 < 2", "a<b, and 1 < 2"],
  ])("keeps text sensible: %s", (_, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it.each([
    ["an escaped control character inside a tag", "Hi &lt;&#1;img src=x onerror=alert(1)&gt;there", "Hi there"],
    ["a raw control character inside a tag", "Hi <\u0001img src=x onerror=alert(1)>there", "Hi there"],
    ["a raw C1 character inside a tag", "Hi &lt;\u0085img src=x onerror=alert(1)&gt;there", "Hi there"],
    ["an escaped C1 character inside a tag", "Hi &lt;&#x81;img src=x onerror=alert(1)&gt;there", "Hi there"],
    ["a noncharacter XML would drop", "Hi &lt;\ufffeimg src=x onerror=alert(1)&gt;there", "Hi there"],
    ["half a surrogate pair", "Hi &lt;\ud800img src=x onerror=alert(1)&gt;there", "Hi there"],
    ["an open tag before another less-than", "Hi &lt;img src=x onerror=alert(1) &lt;b", "Hi"],
    ["an open tag before a sum", "Hi &lt;img src=x onerror=alert(1)// 5 &lt; 6", "Hi"],
    ["a less-than inside a tag", "Hi &lt;img src=x onerror=alert(1) &lt;&gt;there", "Hi there"],
    ["a less-than as an attribute's name", "Hi &lt;img &lt;=x onerror=alert(1)&gt; there", "Hi there"],
    ["a less-than before a handler", "Hi &lt;svg &lt;1 onload=alert(1)&gt; there", "Hi there"],
    ["a nameless end tag, which a browser reads as a comment", "Hi &lt;/1 hidden&gt; there", "Hi there"],
    ["a quoted greater-than inside a tag", 'Hi &lt;img alt="&gt;" src=x onerror=alert(1)&gt;there', "Hi there"],
    ["an open script with an attribute", "Hi &lt;script src=x", "Hi"],
    ["an open svg with a handler", "Hi &lt;svg/onload=alert(1)", "Hi"],
  ])("removes markup a hidden character or a later less-than would keep: %s", (_, html, text) => {
    const out = htmlToText(html);
    expect(out).toBe(text);
    expectInert(out);
  });

  it.each([
    ["&#x85; (an ellipsis in HTML)", "&lt;&#x85;img src=x onerror=alert(1)&gt;", "<…img src=x onerror=alert(1)>"],
    ["a zero-width space", "&lt;&#x200b;img src=x onerror=alert(1)&gt;", "< img src=x onerror=alert(1)>"],
  ])("keeps as text a less-than that a visible character parts from the name: %s", (_, html, text) => {
    // An HTML parser starts a tag only at `<` followed by an ASCII letter, so these are text.
    const out = htmlToText(html);
    expect(out).toBe(text);
    expectInert(out);
  });

  it("never leaves markup, hidden characters included, however it is escaped", { timeout: 60_000 }, () => {
    const piece = fc.constantFrom(
      "<",
      ">",
      "&lt;",
      "&gt;",
      "&amp;",
      "&#1;",
      "\u0001",
      "\u0085",
      "&#x81;",
      "\ufffe",
      "img",
      "script",
      "b",
      " src=x",
      " onerror=alert(1)",
      "=",
      "/",
      "!--",
      "?",
      '"',
      " ",
      "a",
      "5",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (pieces, depth) => {
        expectInert(htmlToText(escapeTimes(pieces.join(""), depth)));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ["a raw-text element with no end tag", "Hackers slip &lt;script&gt; tag into DEX front end, drain $2M"],
    ["an element name no HTML has", "Rust's Vec&lt;T&gt; and Option&lt;T&gt;"],
    ["an obsolete tag quoted", "History of the &lt;blink&gt; tag"],
    ["a bare end tag", "Close it with &lt;/script&gt; first"],
    ["an unfinished bare name", "Hi &lt;script a"],
    ["a self-closing svg with nothing in it", "Hi &lt;svg/"],
  ])("keeps a tag that is no markup as the words it is: %s", (_, html) => {
    const out = htmlToText(html);
    expect(out).toBe(html.replaceAll("&lt;", "<").replaceAll("&gt;", ">"));
    expectInert(out);
  });

  it.each([
    ["a lone known tag", "The <p> tag", "The <p> tag", "The tag"],
    ["a lone break", "Why <br> matters", "Why <br> matters", "Why matters"],
    ["a pair", "<b>Bold</b> claim", "Bold claim", "Bold claim"],
    ["a self-closing break", "One<br/>two", "One two", "One two"],
    ["a tag with attributes", 'A <img src="x.png"> picture', "A picture", "A picture"],
  ])("in a one-line field, reads a tag as markup only when it is plainly markup: %s", (_, html, line, block) => {
    expect(htmlToText(html, { line: true })).toBe(line);
    expect(htmlToText(html)).toBe(block);
  });

  it("never leaves markup in whatever it is given", { timeout: 30_000 }, () => {
    const piece = fc.constantFrom(
      "<",
      ">",
      "&",
      "&lt;",
      "&gt;",
      "&amp;",
      "img",
      " src=x",
      " onerror=alert(1)",
      "/",
      "!--",
      "b",
      "?",
      "a",
      " ",
      "script",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 4 }), (pieces, depth) => {
        expectInert(htmlToText(escapeTimes(pieces.join(""), depth)));
        expectInert(htmlToText(escapeTimes(pieces.join(""), depth), { line: true }));
      }),
      { numRuns: 3_000 },
    );
  });

  it("keeps a tag inside a hidden element hidden until that element's own end tag", () => {
    expect(htmlToText("<svg><p>hide</p></video>still hidden</svg>shown")).toBe("shown");
  });

  it("stays linear on hostile nesting", { timeout: 5_000 }, () => {
    // Hang guard, not a speed target: quadratic behaviour would take minutes here.
    expectInert(htmlToText(`${"<".repeat(50_000)}${"b>".repeat(50_000)}`));
    expectInert(htmlToText(`<a ${"=".repeat(100_000)}<`));
    expectInert(htmlToText("&lt;!--".repeat(30_000)));
    expectInert(htmlToText("<script>".repeat(30_000)));
    expectInert(htmlToText(`${"<b>".repeat(30_000)}${"</b>".repeat(30_000)}`, { line: true }));
    expectInert(htmlToText("<x-a>".repeat(20_000) + "</x-a>".repeat(20_000), { line: true }));
    expectInert(htmlToText("<!".repeat(200_000)));
    expectInert(htmlToText("<a ".repeat(200_000)));
  });
});
