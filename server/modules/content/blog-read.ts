import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { z } from "zod";
import type { extractedSchema } from "../../../contracts/content.ts";
import { articleParagraphs, clip, oneLine, type TextNode } from "./blog-article-text.ts";

/*
 * Reading an article out of a page's HTML, with Mozilla's Readability over linkedom's
 * DOM. It runs in a worker thread (blog-read-worker.ts): on a big page it takes a second
 * or two, and on a deeply nested one far longer, which must not hold up the server.
 */

export type Extracted = z.infer<typeof extractedSchema>;

/** The worker's answer: the form's fields, or why the page could not be read. */
export type ReadOutcome = { extracted: Extracted } | { unreadable: string };

/** Readability gives up on pages with more elements than this (a 2 MB page rarely has half). */
const MAX_ELEMENTS = 60_000;
/**
 * Readability's time grows steeply with nesting (400 levels take a second, 1,000 over ten);
 * real articles nest a few dozen deep.
 */
const MAX_DEPTH = 400;
/** The blog form's limits (contracts/content.ts blogInputSchema). */
const LIMITS = { title: 200, excerpt: 1000, content: 100_000, author: 100, image: 2048 };

const IMAGE_META = ["og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"];

/*
 * The little of linkedom's DOM this reads, typed here: the server is built without the
 * browser's DOM types.
 */
type PageElement = {
  getAttribute(name: string): string | null;
  textContent: string | null;
  children: Iterable<PageElement>;
};
type PageDocument = {
  documentElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
};

type Meta = { get(names: string[]): string | undefined; all(names: string[]): string[] };

function metaOf(document: PageDocument): Meta {
  const values = new Map<string, string>();
  for (const meta of document.querySelectorAll("meta")) {
    const name = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim().toLowerCase();
    const content = meta.getAttribute("content")?.trim();
    if (name && content && !values.has(name)) values.set(name, content);
  }
  const all = (names: string[]) => names.flatMap((name) => values.get(name) ?? []);
  return { get: (names) => all(names)[0], all };
}

/**
 * The lead image as an absolute https address, resolved against the page's own: the first
 * usable one. Plain http pictures are left out: the pages' Content-Security-Policy loads
 * images over https only, so one would never show.
 */
function leadImage(meta: Meta, pageUrl: string): string | null {
  for (const raw of meta.all(IMAGE_META)) {
    let image: URL;
    try {
      image = new URL(raw, pageUrl);
    } catch {
      continue;
    }
    if (image.protocol !== "https:") continue;
    if (image.username || image.password || image.href.length > LIMITS.image) continue;
    return image.href;
  }
  return null;
}

/** How deeply the page's elements nest, counted without recursion. */
function depthOf(root: PageElement): number {
  let deepest = 0;
  const stack: Array<[PageElement, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop() as [PageElement, number];
    if (depth > deepest) deepest = depth;
    for (const child of element.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The article of a page (its HTML, and its address for relative links), as the blog form's fields. */
export function readArticle(html: string, pageUrl: string): ReadOutcome {
  let extracted: Extracted;
  try {
    const document = parseHTML(html).document as unknown as PageDocument;
    if (document.documentElement && depthOf(document.documentElement) > MAX_DEPTH) {
      return { unreadable: `its elements nest more than ${MAX_DEPTH} deep, too deep to read` };
    }
    // Read before Readability, which rewrites the document as it goes.
    const meta = metaOf(document);
    const image = leadImage(meta, pageUrl);
    const pageTitle = meta.get(["og:title", "twitter:title"]) ?? document.querySelector("title")?.textContent ?? "";
    const description = meta.get(["description", "og:description", "twitter:description"]) ?? "";
    // The article's element itself, not its HTML: only its text is ever read.
    const article = new Readability(document as never, {
      maxElemsToParse: MAX_ELEMENTS,
      serializer: (node: unknown) => node as TextNode,
    }).parse();
    const content = article?.content ? articleParagraphs(article.content, LIMITS.content) : [];
    extracted = {
      title: clip(oneLine(article?.title || pageTitle), LIMITS.title),
      excerpt: clip(oneLine(article?.excerpt || description), LIMITS.excerpt),
      content: content.join("\n\n"),
      image,
      author: clip(oneLine(article?.byline ?? meta.get(["author", "article:author"]) ?? ""), LIMITS.author),
    };
  } catch (error) {
    if (/Aborting parsing document/.test((error as Error).message))
      return { unreadable: "it has too many elements to read" };
    return { unreadable: "its HTML could not be read" };
  }
  if (!extracted.title && !extracted.content) return { unreadable: "no article was found on it" };
  return { extracted };
}
