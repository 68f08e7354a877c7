import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { articleParagraphs, clip, oneLine, type TextNode } from "./dom-text.ts";

const paragraphsOf = (html: string, max = 100_000) =>
  articleParagraphs(
    parseHTML(`<html><body><main>${html}</main></body></html>`).document.querySelector("main") as unknown as TextNode,
    max,
  );

describe("articleParagraphs", () => {
  it.each([
    ["one paragraph per block", "<p>One</p><p>Two</p><h2>Head</h2><li>Item</li>", ["One", "Two", "Head", "Item"]],
    [
      "inline elements joined into their paragraph",
      "<p>A <b>bold</b> and <a href='#'>linked</a> word</p>",
      ["A bold and linked word"],
    ],
    ["whitespace collapsed", "<p>  spread \n\t over   lines  </p>", ["spread over lines"]],
    ["<br> as a line break inside a paragraph", "<p>first<br>second<br><br>third</p>", ["first\nsecond\nthird"]],
    [
      "text between blocks as its own paragraph",
      "loose text<p>inside</p>more loose",
      ["loose text", "inside", "more loose"],
    ],
    ["nested blocks without repeats", "<div><p>a</p><div><p>b</p></div>c</div>", ["a", "b", "c"]],
    [
      "scripts, styles and form controls left out",
      "<p>keep<script>alert(1)</script></p><style>p{}</style><noscript>no</noscript><textarea>t</textarea><svg><text>s</text></svg><p>this</p>",
      ["keep", "this"],
    ],
    ["escaped markup as the text it is", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", ["<script>alert(1)</script>"]],
    ["preformatted lines kept", "<pre>line 1\n  line 2\n\n\nline 3</pre>", ["line 1\n  line 2\nline 3"]],
    ["control characters dropped", "<p>a\u0007b\u0085c</p>", ["a b c"]],
    ["empty blocks dropped", "<p> </p><p></p><div><span> </span></div><p>x</p>", ["x"]],
  ])("%s", (_, html, expected) => {
    expect(paragraphsOf(html)).toEqual(expected);
  });

  it("keeps whole paragraphs within the length, counting the blank lines between them", () => {
    expect(paragraphsOf("<p>aaaa</p><p>bbbb</p><p>cccc</p>", 10)).toEqual(["aaaa", "bbbb"]);
    expect(paragraphsOf("<p>aaaa</p><p>bbbb</p><p>c</p>", 9)).toEqual(["aaaa"]);
  });

  it("walks elements nested deeper than the stack allows", () => {
    const html = `${"<div>".repeat(20_000)}<p>deep</p>${"</div>".repeat(20_000)}`;
    expect(paragraphsOf(html)).toEqual(["deep"]);
  });
});

describe("oneLine and clip", () => {
  it("makes one line without controls or half surrogate pairs", () => {
    expect(oneLine(" a\n\tb\u0000c \ud800d ")).toBe("a b c d");
  });

  it("cuts at a word near the end, never inside a surrogate pair", () => {
    expect(clip("short", 10)).toBe("short");
    expect(clip("one two three four", 14)).toBe("one two three");
    expect(clip(`${"x".repeat(9)}😀`, 10)).toBe("x".repeat(9));
  });
});
