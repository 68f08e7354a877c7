import type { Analysis } from "../../../contracts/analysis-catalog.ts";
import type { Database } from "../../db/database.ts";

/** What an address gave when it was last analysed: its analysis, or why it failed. */
export type Outcome = { analysis: Analysis } | { failure: { status: number; message: string } };

/** The outcome kept for `url`, unless it has expired. */
export async function findOutcome({ db }: Database, url: string, now: number): Promise<Outcome | undefined> {
  const row = await db
    .selectFrom("analysis_cache")
    .select("outcome")
    .where("url", "=", url)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? (JSON.parse(row.outcome) as Outcome) : undefined;
}

/** Keeps `outcome` for `url` until `expiresAt`; a second process writing the same address replaces it. */
export async function storeOutcome(
  { db }: Database,
  url: string,
  outcome: Outcome,
  now: number,
  expiresAt: number,
): Promise<void> {
  const values = { url, outcome: JSON.stringify(outcome), created_at: now, expires_at: expiresAt };
  await db
    .insertInto("analysis_cache")
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

/** Deletes the outcomes that have expired (maintenance); returns how many. */
export async function pruneOutcomes({ db }: Database, now: number): Promise<number> {
  const result = await db.deleteFrom("analysis_cache").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
