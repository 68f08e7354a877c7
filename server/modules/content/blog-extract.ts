import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { z } from "zod";
import type { extractedSchema } from "../../../contracts/content.ts";
import { AppError } from "../../errors.ts";
import { decodeText } from "../../outbound/charset.ts";
import { type FetchedResponse, type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";
import { articleParagraphs, clip, oneLine, type TextNode } from "./blog-article-text.ts";

export type Extracted = z.infer<typeof extractedSchema>;

/** What Extract fetches: one web page, small, quickly. */
export const EXTRACT_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };
/** Readability gives up on pages with more elements than this (a 2 MB page rarely has half). */
const MAX_ELEMENTS = 60_000;
/** The blog form's limits (contracts/content.ts blogInputSchema). */
const LIMITS = { title: 200, excerpt: 1000, content: 100_000, author: 100, image: 2048 };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const IMAGE_META = ["og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"];

const cannotRead = (status: number, why: string) =>
  new AppError(status, status === 400 ? "invalid_request" : "bad_gateway", `Could not read that page: ${why}`);

/**
 * Spec §5 blog form 'Extract': fetches the page at `url` through the guarded client and
 * returns its article as the blog form's fields: title, excerpt, plain-text paragraphs,
 * the lead image (og:image) and the author, extracted by Mozilla's Readability.
 */
export async function extractArticle(fetcher: GuardedFetch, url: string): Promise<Extracted> {
  const page = await fetchPage(fetcher, url);
  const html = decodeText(page.body, withHtmlCharset(page.headers["content-type"], page.body));
  // Parsed and read in one synchronous go, so one page's DOM at most is alive at a time.
  return readArticle(html, page.url);
}

async function fetchPage(fetcher: GuardedFetch, url: string): Promise<FetchedResponse> {
  const host = new URL(url).host;
  let page: FetchedResponse;
  try {
    page = await fetcher(url, { headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" } });
  } catch (error) {
    throw fetchFailure(error, host);
  }
  if (page.status < 200 || page.status > 299) {
    const notFound = page.status === 404 || page.status === 410 ? " (not found)" : "";
    throw cannotRead(502, `${host} answered HTTP ${page.status}${notFound}`);
  }
  const type = (page.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type ? !HTML_TYPES.test(type) : !looksLikeHtml(page.body)) {
    throw cannotRead(502, `it is not a web page (${type || "unknown type"})`);
  }
  return page;
}

function fetchFailure(error: unknown, host: string): AppError {
  if (!(error instanceof OutboundError)) return cannotRead(502, `${host} could not be reached`);
  switch (error.code) {
    case "bad_url":
      return cannotRead(400, error.message);
    case "blocked_address":
      return cannotRead(
        400,
        "the address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it)",
      );
    case "timeout":
      return cannotRead(502, `${host} did not answer within ${EXTRACT_FETCH.timeoutMs / 1000} seconds`);
    case "too_large":
      return cannotRead(502, `it is larger than ${EXTRACT_FETCH.maxBytes / 1024 / 1024} MB`);
    case "too_many_redirects":
      return cannotRead(502, `${host} redirected too many times`);
    case "bad_encoding":
      return cannotRead(502, `${host} sent it in an encoding Gemwire cannot read`);
    default:
      if (/ENOTFOUND|EAI_AGAIN/.test(error.message)) return cannotRead(502, `the address ${host} could not be found`);
      if (/ECONNREFUSED/.test(error.message)) return cannotRead(502, `${host} refused the connection`);
      return cannotRead(502, `${host} could not be reached`);
  }
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)\b/i.test(
    body.subarray(0, 1024).toString("latin1"),
  );
}

/** The charset a page declares in a <meta> when its HTTP header names none. */
function withHtmlCharset(contentType: string | undefined, body: Buffer): string | undefined {
  if (/;\s*charset\s*=/i.test(contentType ?? "")) return contentType;
  const head = body.subarray(0, 2048).toString("latin1");
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return declared ? `text/html; charset=${declared}` : contentType;
}

type Meta = { get(names: string[]): string | undefined };

function metaOf(document: Document): Meta {
  const values = new Map<string, string>();
  for (const meta of document.querySelectorAll("meta")) {
    const name = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim().toLowerCase();
    const content = meta.getAttribute("content");
    if (name && content && !values.has(name)) values.set(name, content);
  }
  return { get: (names) => names.map((name) => values.get(name)).find((value) => value?.trim()) };
}

/** The lead image as an absolute http(s) address, resolved against the page's own. */
function leadImage(meta: Meta, pageUrl: string): string | null {
  const raw = meta.get(IMAGE_META);
  if (!raw) return null;
  try {
    const image = new URL(raw.trim(), pageUrl);
    if (image.protocol !== "http:" && image.protocol !== "https:") return null;
    if (image.username || image.password) return null;
    return image.href.length <= LIMITS.image ? image.href : null;
  } catch {
    return null;
  }
}

function readArticle(html: string, pageUrl: string): Extracted {
  let extracted: Extracted;
  try {
    const { document } = parseHTML(html);
    // Read before Readability, which rewrites the document as it goes.
    const meta = metaOf(document);
    const image = leadImage(meta, pageUrl);
    const pageTitle = meta.get(["og:title", "twitter:title"]) ?? document.querySelector("title")?.textContent ?? "";
    const description = meta.get(["description", "og:description", "twitter:description"]) ?? "";
    const article = new Readability(document, {
      maxElemsToParse: MAX_ELEMENTS,
      serializer: (node: Node) => node,
    }).parse();
    const content = article?.content ? articleParagraphs(article.content as unknown as TextNode, LIMITS.content) : [];
    extracted = {
      title: clip(oneLine(article?.title || pageTitle), LIMITS.title),
      excerpt: clip(oneLine(article?.excerpt || description), LIMITS.excerpt),
      content: content.join("\n\n"),
      image,
      author: clip(oneLine(article?.byline ?? meta.get(["author", "article:author"]) ?? ""), LIMITS.author),
    };
  } catch (error) {
    if (/Aborting parsing document/.test((error as Error).message)) {
      throw cannotRead(502, "it has too many elements to read");
    }
    throw cannotRead(502, "its HTML could not be read");
  }
  if (!extracted.title && !extracted.content) throw cannotRead(502, "no article was found on it");
  return extracted;
}
