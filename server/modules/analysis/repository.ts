import type { Analysis } from "../../../contracts/analysis-catalog.ts";
import type { Database } from "../../db/database.ts";
import { urlCache } from "../../lib/url-cache.ts";

/** What an address gave when it was last analysed: its analysis, or why it failed. */
export type Outcome = { analysis: Analysis } | { failure: { status: number; message: string } };

const outcomes = urlCache<Outcome>("analysis_cache");

/** The outcome kept for `url`, unless it has expired. */
export async function findOutcome(database: Database, url: string, now: number): Promise<Outcome | undefined> {
  return (await outcomes.find(database, url, now))?.outcome;
}

/** Keeps `outcome` for `url` until `expiresAt`; a second process writing the same address replaces it. */
export const storeOutcome = outcomes.store;

/** Deletes the outcomes that have expired (maintenance); returns how many. */
export const pruneOutcomes = outcomes.prune;
