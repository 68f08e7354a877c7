import type { z } from "zod";
import type { extractedSchema } from "../../../contracts/content.ts";
import { AppError } from "../../errors.ts";
import { fetchPage, readPage, UnreadablePage } from "../../lib/article-page.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";

export type Extracted = z.infer<typeof extractedSchema>;

/**
 * The blog form's 'Extract': fetches the page at `url` through `fetcher` (a page client,
 * server/lib/article-page.ts) and returns its article as the blog form's fields: title,
 * excerpt, plain-text paragraphs, the lead image (og:image) and the author, extracted by
 * Mozilla's Readability.
 */
export async function extractArticle(fetcher: GuardedFetch, url: string): Promise<Extracted> {
  try {
    const { title, excerpt, paragraphs, image, author } = await readPage(await fetchPage(fetcher, url));
    return { title, excerpt, content: paragraphs.join("\n\n"), image, author };
  } catch (error) {
    if (!(error instanceof UnreadablePage)) throw error;
    const code = error.status === 400 ? "invalid_request" : "bad_gateway";
    throw new AppError(error.status, code, `Could not read that page: ${error.reason}`);
  }
}
