-- The token chart's source: one price per built-in token per minute, recorded by the
-- price-history job and kept 30 days. taken_at is the minute (epoch ms, a multiple of
-- 60000); the primary key makes a second process's write of the same minute a no-op.
-- DOUBLE PRECISION: a price is a measurement shown to people, not money we keep.
CREATE TABLE price_snapshots (
  symbol TEXT NOT NULL,
  taken_at BIGINT NOT NULL,
  usd DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (symbol, taken_at)
);
-- Retention deletes by age across every symbol.
CREATE INDEX price_snapshots_taken ON price_snapshots (taken_at);
