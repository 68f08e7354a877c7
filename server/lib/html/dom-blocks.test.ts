import { describe, expect, it } from "vitest";
import type { ReaderBlock } from "../../../contracts/reading.ts";
import { BODY, JUNK, RICH_PAGE } from "../../modules/reader/fixtures/pages.ts";
import { readArticle } from "../article-read.ts";
import { BLOCK_LIMITS } from "./dom-blocks.ts";

/*
 * The reader view's blocks, read as the worker reads them (readArticle with `view`): what
 * a page's markup keeps, what it drops, and the bounds.
 */

const PAGE_URL = "https://harbour.example/news/cold-wallets";

function blocksOf(html: string): ReaderBlock[] {
  const outcome = readArticle(html, PAGE_URL, { bodyOnly: true, view: true });
  if ("unreadable" in outcome) throw new Error(outcome.unreadable);
  return outcome.view?.blocks ?? [];
}

const textOf = (block: ReaderBlock) =>
  block.type === "image"
    ? block.alt
    : block.type === "list"
      ? block.items.map((item) => item.map((run) => run.text).join("")).join(" | ")
      : block.runs.map((run) => run.text).join("");

describe("reader blocks", () => {
  const blocks = blocksOf(RICH_PAGE);
  const serialised = JSON.stringify(blocks);

  it("keeps paragraphs, headings 2–4, quotes and ordered and unordered lists, in the page's order", () => {
    expect(blocks.map((block) => (block.type === "heading" ? `h${block.level}` : block.type))).toEqual([
      "paragraph",
      "paragraph",
      "h2",
      "paragraph",
      "list",
      "quote",
      "h3",
      "list",
      "image",
      "paragraph",
      "h4",
      "paragraph",
    ]);
    expect(textOf(blocks[2] as ReaderBlock)).toBe("What changes for customers");
    expect(textOf(blocks[5] as ReaderBlock)).toBe(BODY[2]);
    expect(blocks[4]).toMatchObject({ type: "list", ordered: false });
    expect(textOf(blocks[4] as ReaderBlock)).toBe("Withdrawals may be slower | Deposits are unchanged nested detail");
    expect(blocks[7]).toMatchObject({ type: "list", ordered: true });
    expect(textOf(blocks[9] as ReaderBlock)).toBe(BODY[3]);
  });

  it("keeps http(s) links (resolved against the page), bold and italic as run flags", () => {
    const first = blocks[1] as Extract<ReaderBlock, { type: "paragraph" }>;
    expect(first.runs).toContainEqual({
      text: "custody",
      href: "https://harbour.example/custody",
      strong: true,
      em: false,
    });
    expect(first.runs).toContainEqual({
      text: "the ",
      href: "https://harbour.example/custody",
      strong: false,
      em: false,
    });
    const second = blocks[3] as Extract<ReaderBlock, { type: "paragraph" }>;
    expect(second.runs).toContainEqual({ text: "not", href: null, strong: false, em: true });
    expect(second.runs).toContainEqual({ text: "hack", href: null, strong: true, em: false });
    const last = blocks[11] as Extract<ReaderBlock, { type: "paragraph" }>;
    expect(last.runs).toContainEqual({
      text: "links",
      href: "https://harbour.example/about",
      strong: false,
      em: false,
    });
  });

  it("drops scripts, styles, frames, forms, svg, event attributes, javascript: links and non-https images", () => {
    // A javascript: link's text stays, as plain text without an address.
    const first = blocks[1] as Extract<ReaderBlock, { type: "paragraph" }>;
    expect(first.runs).toContainEqual(expect.objectContaining({ text: expect.stringContaining("this "), href: null }));
    for (const junk of JUNK.filter((item) => item !== "javascript:")) expect(serialised).not.toContain(junk);
    expect(serialised).not.toMatch(/"href":"javascript/i);
    expect(blocks.filter((block) => block.type === "image")).toEqual([
      { type: "image", src: "https://images.harbour.example/vault.jpg", alt: "The vault" },
    ]);
  });

  it("never returns markup: every run is text, tags in the page's text stay text", () => {
    const page = RICH_PAGE.replace(BODY[3] as string, `${BODY[3]} &lt;img src=x onerror=alert(2)&gt;`);
    const found = blocksOf(page);
    expect(JSON.stringify(found)).toContain("<img src=x onerror=alert(2)>");
    for (const block of found) expect(Object.keys(block).sort()).toEqual(expectedKeys(block.type));
  });

  it("stops at its bounds: at most 400 blocks and 100,000 characters", () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `<p>${BODY[i % BODY.length]} (${i})</p>`).join("");
    const found = blocksOf(`<html><body><article>${many}</article></body></html>`);
    expect(found.length).toBe(BLOCK_LIMITS.blocks);
    const long = Array.from({ length: 300 }, () => `<p>${"word ".repeat(120)}</p>`).join("");
    const text = blocksOf(`<html><body><article>${long}</article></body></html>`).map(textOf).join("");
    expect(text.length).toBeLessThanOrEqual(BLOCK_LIMITS.text);
    expect(text.length).toBeGreaterThan(BLOCK_LIMITS.text - 1_000);
  });
});

function expectedKeys(type: ReaderBlock["type"]): string[] {
  if (type === "heading") return ["level", "runs", "type"];
  if (type === "list") return ["items", "ordered", "type"];
  if (type === "image") return ["alt", "src", "type"];
  return ["runs", "type"];
}
