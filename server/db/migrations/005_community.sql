-- Spec §4 votes: one per member and article link, counted across every feed that carries
-- the link. Keyed by link, not by article row, so pruning a feed loses no votes.
CREATE TABLE article_votes (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  link TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('up', 'down')),
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, link)
);
CREATE INDEX article_votes_link ON article_votes (link);

-- Spec §4 favorites: a snapshot of the article, so a favorite outlives the feed's pruning.
CREATE TABLE favorites (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  link TEXT NOT NULL,
  item_id TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  image TEXT,
  source TEXT NOT NULL,
  creator TEXT NOT NULL,
  published_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, link)
);
CREATE INDEX favorites_recent ON favorites (user_id, created_at);
