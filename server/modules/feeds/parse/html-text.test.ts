import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text.ts";

/** What a browser would read as markup: a start or end tag, a comment or declaration, a processing instruction. */
const LIVE_TAG = /<\/?[a-zA-Z][^<>]*>|<![^<>]*>|<\?[^<>]*>/;

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
  ])("keeps text sensible: %s", (_, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it("never leaves a live tag in whatever it is given", { timeout: 30_000 }, () => {
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
        expect(htmlToText(escapeTimes(pieces.join(""), depth))).not.toMatch(LIVE_TAG);
      }),
      { numRuns: 3_000 },
    );
  });

  it("stays linear on hostile nesting", { timeout: 5_000 }, () => {
    // Hang guard, not a speed target: quadratic behaviour would take minutes here.
    expect(htmlToText(`${"<".repeat(50_000)}${"b>".repeat(50_000)}`)).not.toMatch(LIVE_TAG);
    expect(htmlToText(`<a ${"=".repeat(100_000)}<`)).not.toMatch(LIVE_TAG);
    expect(htmlToText("&lt;!--".repeat(30_000))).not.toMatch(LIVE_TAG);
  });
});
