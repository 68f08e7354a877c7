import type { Generated } from "kysely";

/** Background jobs, rate limits and the site-wide settings. */

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** One row per period a job ran (migration 022): the claim that runs it once per period. */
export interface JobRunsTable {
  job: string;
  period: string;
  period_start: number;
  holder: string;
  attempts: Generated<number>;
  taken_over_from: string | null;
  started_at: number;
  finished_at: number | null;
  outcome: string | null;
  detail: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/**
 * Versions answers are checked against, moved by triggers on every write (migration 023):
 * one per table on SQLite, one named 'all' on PostgreSQL (with the transaction that last moved it).
 */
export interface DataVersionsTable {
  name: string;
  version: number;
  last_xact?: string | null;
}
