-- Issue 16: article analyses kept per address so every process shares them
-- (docs/decisions/017). `outcome` is JSON: the analysis, or the failure a page gave
-- (kept 10 minutes, so a failing page is not fetched again on every ask). expires_at is
-- epoch ms; the primary key makes two processes' writes of one address an upsert.
CREATE TABLE analysis_cache (
  url TEXT PRIMARY KEY,
  outcome TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
-- Lookups skip expired rows and maintenance deletes them by age.
CREATE INDEX analysis_cache_expires ON analysis_cache (expires_at);
