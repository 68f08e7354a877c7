import type { ReaderBlock } from "../../../contracts/reading.ts";
import { clip, oneLine, type TextNode } from "./dom-text.ts";
import { BLOCK_ELEMENTS, SKIPPED_ELEMENTS } from "./elements.ts";

/*
 * The reader view's article (docs/decisions/022): Readability's content turned
 * into blocks of plain text runs, never markup. Only a whitelist of elements gives a block
 * (paragraphs, headings 2–4, quotes, lists, https images); everything else is read for its
 * text alone, and scripts, styles, frames, forms and their like are dropped with all they
 * hold. Attributes are never copied: a link keeps only an http(s) href, an image only an
 * https src and its alt text. It runs in the read worker, beside the text the analysis reads.
 */

/** Bounds on one article's blocks: a page may be 2 MB of markup. */
export const BLOCK_LIMITS = { blocks: 400, text: 100_000, images: 20, runsPerBlock: 200, listItems: 100, href: 2048 };

/**
 * Elements dropped with everything inside them: what no reading takes text from, and what
 * a reader view leaves to the page (forms, navigation, tables, the head's furniture).
 */
const DROPPED = new Set([...SKIPPED_ELEMENTS, "form", "label", "dialog", "nav", "table", "meta", "link", "base"]);

const HEADINGS: Record<string, 2 | 3 | 4> = { h2: 2, h3: 3, h4: 4 };

type Run = { text: string; href: string | null; strong: boolean; em: boolean };
type Style = { href: string | null; strong: boolean; em: boolean };

/** An element of the content, as linkedom gives it. */
type ContentNode = TextNode & { getAttribute?(name: string): string | null };

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** An absolute http(s) address without credentials, resolved against the page; null otherwise. */
function safeAddress(raw: string | null | undefined, pageUrl: string, protocols: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), pageUrl);
  } catch {
    return null;
  }
  if (!protocols.includes(url.protocol) || url.username || url.password) return null;
  return url.href.length <= BLOCK_LIMITS.href ? url.href : null;
}

/** Runs with their whitespace made one, empty ones dropped, neighbours of one style joined. */
function tidy(runs: Run[]): Run[] {
  const joined: Run[] = [];
  for (const run of runs) {
    const text = oneLine(run.text) === "" ? " " : run.text.replace(/\s+/g, " ");
    const last = joined[joined.length - 1];
    // One space between words, whichever runs they end and start.
    const spaced = last?.text.endsWith(" ") ? text.replace(/^ /, "") : text;
    if (last && last.href === run.href && last.strong === run.strong && last.em === run.em) last.text += spaced;
    else if (spaced !== "") joined.push({ ...run, text: spaced });
  }
  if (joined[0]) joined[0].text = joined[0].text.trimStart();
  const last = joined[joined.length - 1];
  if (last) last.text = last.text.trimEnd();
  return joined.filter((run) => run.text !== "").slice(0, BLOCK_LIMITS.runsPerBlock);
}

/**
 * The blocks of `root` (Readability's content element), links and images resolved against
 * `pageUrl`. Walked without recursion: a page may nest deeper than the stack allows.
 */
export function articleBlocks(root: ContentNode, pageUrl: string): ReaderBlock[] {
  const blocks: ReaderBlock[] = [];
  let length = 0;
  let images = 0;
  let full = false;
  /** The runs of the paragraph, heading or quote being read, and of the list item. */
  let runs: Run[] = [];
  /** What the runs read now become: a paragraph, unless inside a heading, quote or list item. */
  const context: Array<{ kind: "heading"; level: 2 | 3 | 4 } | { kind: "quote" } | { kind: "item" }> = [];
  const lists: Array<{ ordered: boolean; items: Run[][] }> = [];

  const add = (block: ReaderBlock, size: number) => {
    if (full) return;
    if (blocks.length >= BLOCK_LIMITS.blocks || length + size > BLOCK_LIMITS.text) {
      full = true;
      return;
    }
    blocks.push(block);
    length += size;
  };
  const sizeOf = (list: Run[]) => list.reduce((sum, run) => sum + run.text.length, 0);
  /** Ends the text read so far as the block its context makes it. */
  const flush = () => {
    const tidied = tidy(runs);
    runs = [];
    if (tidied.length === 0) return;
    const inner = context[context.length - 1];
    if (inner?.kind === "item") {
      const list = lists[lists.length - 1];
      if (list && list.items.length < BLOCK_LIMITS.listItems) list.items.push(tidied);
      return;
    }
    if (inner?.kind === "heading") add({ type: "heading", level: inner.level, runs: tidied }, sizeOf(tidied));
    else if (inner?.kind === "quote") add({ type: "quote", runs: tidied }, sizeOf(tidied));
    else add({ type: "paragraph", runs: tidied }, sizeOf(tidied));
  };

  type Step = { node: ContentNode; style: Style; leave?: () => void };
  const stack: Step[] = [{ node: root, style: { href: null, strong: false, em: false } }];
  while (stack.length > 0 && !full) {
    const { node, style, leave } = stack.pop() as Step;
    if (leave) {
      leave();
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      runs.push({ text: node.data ?? "", ...style });
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const name = (node.localName ?? "").toLowerCase();
    if (DROPPED.has(name)) continue;
    let childStyle = style;
    let onLeave: (() => void) | undefined;
    if (name === "br") {
      runs.push({ text: " ", ...style });
      continue;
    }
    if (name === "img") {
      const src = safeAddress(node.getAttribute?.("src"), pageUrl, ["https:"]);
      if (src && images < BLOCK_LIMITS.images) {
        flush();
        images++;
        const alt = clip(oneLine(node.getAttribute?.("alt") ?? ""), 300);
        add({ type: "image", src, alt }, alt.length);
      }
      continue;
    }
    if (name === "a") {
      childStyle = { ...style, href: safeAddress(node.getAttribute?.("href"), pageUrl, ["http:", "https:"]) };
    } else if (name === "strong" || name === "b") {
      childStyle = { ...style, strong: true };
    } else if (name === "em" || name === "i") {
      childStyle = { ...style, em: true };
    } else if (name in HEADINGS && lists.length === 0) {
      flush();
      context.push({ kind: "heading", level: HEADINGS[name] as 2 | 3 | 4 });
      onLeave = () => {
        flush();
        context.pop();
      };
    } else if (name === "blockquote" && lists.length === 0) {
      flush();
      context.push({ kind: "quote" });
      onLeave = () => {
        flush();
        context.pop();
      };
    } else if ((name === "ul" || name === "ol") && lists.length === 0) {
      // Nested lists are read into their outer list's items: one level is what the view shows.
      flush();
      lists.push({ ordered: name === "ol", items: [] });
      onLeave = () => {
        flush();
        const list = lists.pop();
        if (list && list.items.length > 0) {
          add(
            { type: "list", ordered: list.ordered, items: list.items },
            list.items.map(sizeOf).reduce((a, b) => a + b),
          );
        }
      };
    } else if (name === "li" && lists.length > 0 && context[context.length - 1]?.kind !== "item") {
      flush();
      context.push({ kind: "item" });
      onLeave = () => {
        flush();
        context.pop();
      };
    } else if (BLOCK_ELEMENTS.has(name)) {
      if (context.length === 0) {
        flush();
        onLeave = flush;
      } else {
        // Inside a quote, heading or list item a block is part of its text: kept apart by a space.
        const space = () => runs.push({ text: " ", ...style });
        space();
        onLeave = space;
      }
    }
    if (onLeave) stack.push({ node, style, leave: onLeave });
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as ContentNode, style: childStyle });
    }
  }
  if (!full) flush();
  return blocks;
}
