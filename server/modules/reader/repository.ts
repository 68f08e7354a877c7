import type { KeyPoint } from "../../../contracts/analysis-catalog.ts";
import type { Database } from "../../db/database.ts";
import type { PageArticle, PageView } from "../../lib/article-read.ts";

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

/** The outcome kept for `url`, unless it has expired. */
export async function findRead({ db }: Database, url: string, now: number): Promise<KeptRead | undefined> {
  const row = await db
    .selectFrom("reader_cache")
    .select(["outcome", "created_at"])
    .where("url", "=", url)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { outcome: JSON.parse(row.outcome) as ReadOutcome, readAt: Number(row.created_at) } : undefined;
}

/** Keeps `outcome` for `url` until `expiresAt`; a second process writing the same address replaces it. */
export async function storeRead(
  { db }: Database,
  url: string,
  outcome: ReadOutcome,
  now: number,
  expiresAt: number,
): Promise<void> {
  const values = { url, outcome: JSON.stringify(outcome), created_at: now, expires_at: expiresAt };
  await db
    .insertInto("reader_cache")
    .values(values)
    .onConflict((conflict) =>
      conflict.column("url").doUpdateSet({
        outcome: values.outcome,
        created_at: values.created_at,
        expires_at: values.expires_at,
      }),
    )
    .execute();
}

/** Deletes the reads that have expired (maintenance); returns how many. */
export async function pruneReads({ db }: Database, now: number): Promise<number> {
  const result = await db.deleteFrom("reader_cache").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
