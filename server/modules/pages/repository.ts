import type { KeyPoint } from "../../../contracts/analysis-catalog.ts";
import type { Database } from "../../db/database.ts";
import type { PageArticle, PageView } from "../../lib/article-read.ts";
import { urlCache } from "../../lib/url-cache.ts";

/** A page as read once for the reader view and the analysis alike. */
export type PageRead = {
  /** The article's running text (a body-only read), as the analysis reads it. */
  article: PageArticle;
  /** Its key points, chosen in the same worker pass. */
  keyPoints: KeyPoint[];
  /** The reader view's blocks, the page's site name and date. */
  view: PageView;
  /** Why the page looks paywalled, in plain words; null when it does not. */
  paywall: string | null;
};

/** What an address gave when it was last read: the read, or why it could not be. */
export type ReadOutcome = { read: PageRead } | { failure: { status: 400 | 502; reason: string } };

/** A kept outcome and when it was read (epoch ms). */
export type KeptRead = { outcome: ReadOutcome; readAt: number };

const reads = urlCache<ReadOutcome>("reader_cache");

/** The outcome kept for `url`, unless it has expired. */
export async function findRead(database: Database, url: string, now: number): Promise<KeptRead | undefined> {
  const kept = await reads.find(database, url, now);
  return kept ? { outcome: kept.outcome, readAt: kept.at } : undefined;
}

/** Keeps `outcome` for `url` until `expiresAt`; a second process writing the same address replaces it. */
export const storeRead = reads.store;

/** Deletes the reads that have expired (maintenance); returns how many. */
export const pruneReads = reads.prune;
