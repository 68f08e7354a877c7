-- Issue 17: pages read for the reader view and the analysis, kept per address so every
-- process shares one fetch and read (docs/decisions/022). `outcome` is JSON: the article's
-- text, key points and reader blocks, or the failure the page gave (kept 10 minutes).
-- expires_at is epoch ms; the primary key makes two processes' writes of one address an upsert.
CREATE TABLE reader_cache (
  url TEXT PRIMARY KEY,
  outcome TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
-- Lookups skip expired rows and maintenance deletes them by age.
CREATE INDEX reader_cache_expires ON reader_cache (expires_at);
