/**
 * Table types for Kysely. Timestamps are epoch milliseconds (UTC) in a 64-bit integer
 * column on both dialects; see docs/decisions/004-portable-column-types.md.
 */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface Schema {
  job_leases: JobLeasesTable;
}
