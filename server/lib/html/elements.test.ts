import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { articleParagraphs, type TextNode } from "./dom-text.ts";
import { BLOCK_ELEMENTS, SKIPPED_ELEMENTS } from "./elements.ts";
import { htmlToText } from "./fragment-text.ts";

const VOID = new Set(["embed", "frame", "input", "br", "hr"]);
/** Elements a page's parser moves out of a paragraph's way, or that hold only their own kind of children. */
const TABLE_PARTS = new Set(["td", "th", "tr", "tbody", "thead", "tfoot", "caption"]);

const pageParagraphs = (html: string) =>
  articleParagraphs(
    parseHTML(`<html><body><main>${html}</main></body></html>`).document.querySelector("main") as unknown as TextNode,
    100_000,
  );

describe("one element table for every reading of HTML as text", () => {
  const skipped = [...SKIPPED_ELEMENTS].filter((name) => !VOID.has(name));

  it.each(skipped)("drops what <%s> holds in a feed's fragment and on a page alike", (name) => {
    const html = `<p>before <${name}>hidden words</${name}> after</p>`;
    expect(htmlToText(html)).toBe("before after");
    expect(pageParagraphs(html).join(" ")).toBe("before after");
  });

  const blocks = [...BLOCK_ELEMENTS].filter((name) => !VOID.has(name) && !TABLE_PARTS.has(name));

  it.each(blocks)("ends a run of words at <%s> in a feed's fragment and on a page alike", (name) => {
    const html = `<div>before<${name}>inside</${name}>after</div>`;
    expect(htmlToText(html)).toBe("before inside after");
    expect(pageParagraphs(html)).toEqual(["before", "inside", "after"]);
  });
});
