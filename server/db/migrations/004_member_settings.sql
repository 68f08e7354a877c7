-- Spec §3 stored rows: a member's degen mode, and which feeds they follow in what order
-- (feed keys as JSON arrays).
CREATE TABLE user_settings (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  degen_mode INTEGER NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL
);

CREATE TABLE user_feed_settings (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled_feeds TEXT NOT NULL,
  feed_order TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
