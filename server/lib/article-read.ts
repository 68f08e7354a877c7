import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { ReaderBlock } from "../../contracts/reading.ts";
import { articleBlocks } from "./html/dom-blocks.ts";
import { articleParagraphs, clip, oneLine, type TextNode } from "./html/dom-text.ts";

/*
 * Reading an article out of a page's HTML, with Mozilla's Readability over linkedom's
 * DOM, for the blog form's Extract and for article analysis. It runs in a worker thread
 * (article-read-worker.ts, started by article-page.ts): on a big page it takes a second
 * or two, and on a deeply nested one far longer, which must not hold up the server.
 */

/** A page's article as plain text: what Extract fills the blog form with, and what an analysis reads. */
export type PageArticle = {
  /** Readability's title for the article (the blog form's title). */
  title: string;
  /**
   * The article's headline, one line: og:title (or twitter:title), else the page's <h1>
   * when the <title> starts with it (without the site's name after it), else `title`.
   */
  headline: string;
  excerpt: string;
  /** Plain-text paragraphs, in the page's order. */
  paragraphs: string[];
  /** The lead image (og:image), an absolute https address. */
  image: string | null;
  author: string;
  /** The language the page declares (`<html lang>`, else og:locale), e.g. "de-DE"; "" when none. */
  lang: string;
};

export type ReadOptions = {
  /**
   * Only the article's running text, for an analysis: navigation, headers and footers,
   * asides, figures and their captions, headings, tables, forms, and blocks marked as ads,
   * sharing, newsletter or related links are left out (Extract keeps headings, lists and
   * captions: they belong in a post).
   */
  bodyOnly?: boolean;
  /**
   * The reader view's blocks too (html/dom-blocks.ts), from the same read: headings, lists,
   * quotes, links and images of the article, as plain text runs.
   */
  view?: boolean;
};

/** What the reader view shows beside the text: the article's blocks, and the page's own site name and date. */
export type PageView = { blocks: ReaderBlock[]; siteName: string; publishedTime: string };

/** The worker's answer: the article (and its view when asked), or why the page could not be read. */
export type ReadOutcome = { article: PageArticle; view?: PageView } | { unreadable: string };

/** Readability gives up on pages with more elements than this (a 2 MB page rarely has half). */
const MAX_ELEMENTS = 60_000;
/**
 * Readability's time grows steeply with nesting (400 levels take a second, 1,000 over ten);
 * real articles nest a few dozen deep.
 */
const MAX_DEPTH = 400;
/** The blog form's limits (contracts/content.ts blogInputSchema), which an analysis keeps too. */
const LIMITS = { title: 200, excerpt: 1000, content: 100_000, author: 100, image: 2048 };

const IMAGE_META = ["og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"];

/** What a body-only read leaves out of Readability's article, with everything inside. */
const NOT_BODY = new Set([
  "nav",
  "header",
  "footer",
  "aside",
  "figure",
  "figcaption",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "form",
  "menu",
  "dialog",
]);
/** Removed before Readability looks, for a body-only read: page furniture by element or role. */
const FURNITURE =
  'nav, footer, aside, figcaption, form, dialog, [hidden], [aria-hidden="true"], [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="dialog"], [role="alert"]';
/**
 * A class or id naming a block that is no part of the text: "ad-slot", "share_bar",
 * "newsletter-signup", "related-links"… One word of it (between - or _) must be one of these.
 */
const BOILERPLATE_NAME =
  /(?:^|[-_])(?:ad|ads|advert|adverts|advertisement|advertising|sponsor|sponsored|promo|promoted|newsletter|subscribe|subscription|signup|share|sharing|social|related|recommended|recirculation|outbrain|taboola|paywall|cookie|cookies|consent|popup|modal|breadcrumb|breadcrumbs|comments|byline|dateline)(?:[-_]|$)/i;
/** A block larger than this is kept whatever it is called: it may be the article itself ("article share-enabled"). */
const MAX_BOILERPLATE_TEXT = 2_000;
const NEVER_REMOVED = new Set(["html", "body", "main", "article"]);

/*
 * The little of linkedom's DOM this reads, typed here: the server is built without the
 * browser's DOM types.
 */
type PageElement = {
  localName: string;
  parentElement: PageElement | null;
  getAttribute(name: string): string | null;
  textContent: string | null;
  children: Iterable<PageElement>;
  remove(): void;
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

/** A language tag as pages write it ("de-DE", "pt_BR"), checked; "" when there is none or it is not one. */
function languageOf(document: PageDocument, meta: Meta): string {
  const declared = document.documentElement?.getAttribute("lang") || meta.get(["og:locale", "content-language"]) || "";
  const tag = declared.trim().replace(/_/g, "-");
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/.test(tag)) return "";
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? "";
  } catch {
    return "";
  }
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

/** A page's one <article>, when it marks exactly one with some text: the rest of the page is not the article. */
const MIN_MARKED_ARTICLE_TEXT = 200;

/**
 * When the page marks its article (exactly one <article> element with some text), only that
 * element and what contains it stay: a notice, a cookie banner or a "back to home" line
 * beside it is never the article, however Readability would score a short one.
 */
function keepOnlyMarkedArticle(document: PageDocument): void {
  const marked = [...document.querySelectorAll("article")];
  if (marked.length !== 1) return;
  let kept = marked[0] as PageElement;
  if ((kept.textContent ?? "").trim().length < MIN_MARKED_ARTICLE_TEXT) return;
  for (let parent = kept.parentElement; parent && kept.localName !== "body"; parent = parent.parentElement) {
    for (const sibling of [...parent.children]) if (sibling !== kept && sibling.localName !== "head") sibling.remove();
    kept = parent;
  }
}

/** Takes out what is never an article's running text, before Readability scores what is left. */
function removeFurniture(document: PageDocument): void {
  keepOnlyMarkedArticle(document);
  for (const element of [...document.querySelectorAll(FURNITURE)]) {
    if (!NEVER_REMOVED.has(element.localName)) element.remove();
  }
  for (const element of [...document.querySelectorAll("[class], [id]")]) {
    if (NEVER_REMOVED.has(element.localName)) continue;
    const names = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`.split(/\s+/);
    if (!names.some((name) => BOILERPLATE_NAME.test(name))) continue;
    if ((element.textContent ?? "").length <= MAX_BOILERPLATE_TEXT) element.remove();
  }
}

/** The article of a page (its HTML, and its address for relative links), as plain text. */
export function readArticle(html: string, pageUrl: string, options: ReadOptions = {}): ReadOutcome {
  let article: PageArticle;
  let view: PageView | undefined;
  try {
    const document = parseHTML(html).document as unknown as PageDocument;
    if (document.documentElement && depthOf(document.documentElement) > MAX_DEPTH) {
      return { unreadable: `its elements nest more than ${MAX_DEPTH} deep, too deep to read` };
    }
    // Read before Readability, which rewrites the document as it goes.
    const meta = metaOf(document);
    const image = leadImage(meta, pageUrl);
    const socialTitle = meta.get(["og:title", "twitter:title"]);
    const documentTitle = oneLine(document.querySelector("title")?.textContent ?? "");
    const pageTitle = socialTitle ?? documentTitle;
    const h1 = oneLine(document.querySelector("h1")?.textContent ?? "");
    const description = meta.get(["description", "og:description", "twitter:description"]) ?? "";
    const lang = languageOf(document, meta);
    if (options.bodyOnly) removeFurniture(document);
    // The article's element itself, not its HTML: only its text is ever read.
    const read = new Readability(document as never, {
      maxElemsToParse: MAX_ELEMENTS,
      serializer: (node: unknown) => node as TextNode,
    }).parse();
    let paragraphs = read?.content
      ? articleParagraphs(read.content, LIMITS.content, options.bodyOnly ? NOT_BODY : undefined)
      : [];
    // Readability names the byline it found but may leave it in the text ("By Ann · Outlet").
    const byline = oneLine(read?.byline ?? "");
    if (options.bodyOnly && byline) paragraphs = paragraphs.filter((paragraph) => oneLine(paragraph) !== byline);
    const title = clip(oneLine(read?.title || pageTitle), LIMITS.title);
    const headline = socialTitle ?? (h1 && documentTitle.startsWith(h1) ? h1 : title);
    article = {
      title,
      headline: clip(oneLine(headline), LIMITS.title),
      excerpt: clip(oneLine(read?.excerpt || description), LIMITS.excerpt),
      paragraphs,
      image,
      author: clip(oneLine(read?.byline ?? meta.get(["author", "article:author"]) ?? ""), LIMITS.author),
      lang,
    };
    if (options.view) {
      view = {
        blocks: read?.content ? articleBlocks(read.content, pageUrl) : [],
        siteName: clip(oneLine(read?.siteName ?? ""), LIMITS.author),
        publishedTime: clip(oneLine(read?.publishedTime ?? meta.get(["article:published_time"]) ?? ""), 64),
      };
    }
  } catch (error) {
    if (/Aborting parsing document/.test((error as Error).message))
      return { unreadable: "it has too many elements to read" };
    return { unreadable: "its HTML could not be read" };
  }
  if (!article.title && article.paragraphs.length === 0) return { unreadable: "no article was found on it" };
  return view ? { article, view } : { article };
}
