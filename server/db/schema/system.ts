/** Background jobs, rate limits and the site-wide settings. */

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
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
