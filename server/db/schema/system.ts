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

/** A version per table that answers are built from, moved by triggers on every write (migration 023). */
export interface DataVersionsTable {
  name: string;
  version: number;
}
