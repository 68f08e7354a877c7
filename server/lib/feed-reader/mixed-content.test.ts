import fc from "fast-check";
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { atom, only, rss } from "../../test/feed-fixtures.ts";
import { cutText } from "./cut-text.ts";

const XHTML = "http://www.w3.org/1999/xhtml";

type Node = string | { name: string; children: Node[] };

/** Words, spaces and the characters XML escapes; never `<` before a letter, which would quote a tag. */
const words = fc
  .array(
    fc.constantFrom("Bitcoin", "rose", "5%", "on", "Monday", "a & b", "5 < 6", "x > y", "🚀", "é", " ", "  ", "\n"),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((parts) => parts.join(" "));

const inline = fc.constantFrom("b", "i", "em", "strong", "span", "a", "code", "small");
const block = fc.constantFrom("p", "div", "li", "h2", "blockquote");

/** Random mixed content: text and inline elements, nested, in any order. */
const content = (names: fc.Arbitrary<string>) =>
  fc.letrec<{ nodes: Node[]; node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      words,
      fc.record({ name: names, children: tie("nodes") }),
    ),
    nodes: fc.array(tie("node"), { maxLength: 5 }),
  })).nodes;

const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const serialise = (nodes: Node[]): string =>
  nodes
    .map((node) =>
      typeof node === "string" ? escapeText(node) : `<${node.name}>${serialise(node.children)}</${node.name}>`,
    )
    .join("");

/** What a DOM says the text is, in document order. */
function textContent(markup: string): string {
  const document = new DOMParser().parseFromString(`<div xmlns="${XHTML}">${markup}</div>`, "text/xml");
  return document.documentElement.textContent ?? "";
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const wordsOf = (text: string) => text.replace(/\s+/g, "");

describe("mixed content keeps document order", () => {
  it("Atom XHTML and RSS markup read as the DOM's textContent, for inline elements", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(content(inline), (nodes) => {
        const markup = serialise(nodes);
        const expected = collapse(textContent(markup));
        const entry = only(
          atom(
            `<entry><id>1</id><title type="xhtml"><div xmlns="${XHTML}">${markup}</div></title><content type="xhtml"><div xmlns="${XHTML}">${markup}</div></content><link href="https://a.example/x"/></entry>`,
          ),
        );
        const item = only(rss(`<item><link>https://a.example/x</link><description>${markup}</description></item>`));
        expect(entry.description).toBe(cutText(expected, 2_000));
        expect(entry.title).toBe(cutText(expected || "Untitled", 500));
        expect(item.description).toBe(cutText(expected, 2_000));
      }),
      { numRuns: 500 },
    );
  });

  it("with block elements too, the words come in the DOM's order", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(content(fc.oneof(inline, block)), (nodes) => {
        const markup = serialise(nodes);
        const expected = textContent(markup);
        // Blocks add spaces, so where a long text is cut would differ: only texts that fit.
        fc.pre(expected.length < 1_500);
        const item = only(rss(`<item><link>https://a.example/x</link><description>${markup}</description></item>`));
        // Blocks part words with a space; the DOM's textContent does not, so compare without spaces.
        expect(wordsOf(item.description)).toBe(wordsOf(expected));
      }),
      { numRuns: 500 },
    );
  });
});
