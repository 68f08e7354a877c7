-- Feed status: one row per feed key, written by the refresh job.
CREATE TABLE feeds (
  key TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  etag TEXT,
  last_modified TEXT,
  last_attempt_at BIGINT,
  last_success_at BIGINT,
  last_error TEXT,
  last_error_at BIGINT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  next_fetch_at BIGINT NOT NULL DEFAULT 0
);

-- Normalised feed items, one row per (feed, item id).
CREATE TABLE articles (
  id BIGSERIAL PRIMARY KEY,
  feed_key TEXT NOT NULL,
  item_id TEXT NOT NULL,
  title TEXT NOT NULL,
  link TEXT NOT NULL,
  published_at BIGINT NOT NULL,
  description TEXT NOT NULL,
  image TEXT,
  source TEXT NOT NULL,
  creator TEXT NOT NULL,
  first_seen_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  -- Full-text search over title and description ('simple': tickers and names are not stemmed).
  search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED,
  UNIQUE (feed_key, item_id)
);
CREATE INDEX articles_feed_published ON articles (feed_key, published_at DESC, id DESC);
CREATE INDEX articles_published ON articles (published_at DESC, id DESC);
CREATE INDEX articles_link ON articles (link);
CREATE INDEX articles_search ON articles USING GIN (search);
