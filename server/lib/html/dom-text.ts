/*
 * Plain text out of a parsed page (linkedom's DOM): an article as paragraphs, and one-line
 * fields (title, excerpt, author). Only text nodes are read, never markup, so whatever the
 * page holds reaches the blog form (Extract) or an analysis as text. The output obeys the
 * blog form's rules (contracts/content.ts): no control characters but line breaks, no
 * half surrogate pairs, each field within its length.
 */
import { BLOCK_ELEMENTS, SKIPPED_ELEMENTS } from "./elements.ts";

/** The little of a DOM node this reads (linkedom's nodes have it, as browsers' do). */
export type TextNode = {
  nodeType: number;
  localName?: string;
  data?: string;
  childNodes: ArrayLike<TextNode>;
};

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** C0 and C1 controls but tab and line feed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Half of a UTF-16 surrogate pair without its other half. */
const HALF_PAIR = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const withoutUnwanted = (text: string) => text.replace(CONTROLS, " ").replace(HALF_PAIR, "");

/** One line of text: controls removed, whitespace runs made one space. */
export function oneLine(text: string): string {
  return withoutUnwanted(text).replace(/\s+/g, " ").trim();
}

/** At most `max` characters, never ending in half a surrogate pair, cut at a word when one is near. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  if (space > max * 0.8) cut = cut.slice(0, space);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/**
 * The text of `root` as paragraphs: each block element (p, li, h2, blockquote…) its own
 * paragraph, `<br>` a line break inside one, scripts, styles and form controls left out,
 * and the elements `alsoSkipped` names with all they hold. Paragraphs are kept whole
 * while they fit in `maxLength` characters in all. Walked without recursion: a page may
 * nest elements deeper than the stack allows.
 */
export function articleParagraphs(
  root: TextNode,
  maxLength: number,
  alsoSkipped: ReadonlySet<string> = new Set(),
): string[] {
  const paragraphs: string[] = [];
  let length = 0;
  let full = false;
  let current = "";
  let preDepth = 0;
  const flush = () => {
    const paragraph = current
      .split("\n")
      .map((line) => (preDepth > 0 ? withoutUnwanted(line).trimEnd() : oneLine(line)))
      .filter((line) => line.trim() !== "")
      .join("\n");
    current = "";
    if (!paragraph || full) return;
    const added = paragraph.length + (paragraphs.length > 0 ? 2 : 0);
    if (length + added > maxLength) {
      full = true;
      return;
    }
    paragraphs.push(paragraph);
    length += added;
  };
  type Step = { node: TextNode; leaving: boolean };
  const stack: Step[] = [{ node: root, leaving: false }];
  while (stack.length > 0 && !full) {
    const { node, leaving } = stack.pop() as Step;
    if (node.nodeType === TEXT_NODE) {
      const data = node.data ?? "";
      current += preDepth > 0 ? data.replace(/\r\n?/g, "\n") : data.replace(/\s+/g, " ");
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE && node !== root) continue;
    const name = (node.localName ?? "").toLowerCase();
    if (SKIPPED_ELEMENTS.has(name) || alsoSkipped.has(name)) continue;
    if (name === "br") {
      current += "\n";
      continue;
    }
    const block = BLOCK_ELEMENTS.has(name);
    if (leaving) {
      if (block) flush();
      if (name === "pre") preDepth--;
      continue;
    }
    if (block) flush();
    if (name === "pre") preDepth++;
    stack.push({ node, leaving: true });
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as TextNode, leaving: false });
  }
  flush();
  return paragraphs;
}
