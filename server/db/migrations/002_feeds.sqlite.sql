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
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
  UNIQUE (feed_key, item_id)
);
CREATE INDEX articles_feed_published ON articles (feed_key, published_at DESC, id DESC);
CREATE INDEX articles_published ON articles (published_at DESC, id DESC);
CREATE INDEX articles_link ON articles (link);

-- Full-text search over title and description, kept in step by triggers.
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title, description, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
END;
CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, description ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  INSERT INTO articles_fts (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
