-- Issue 17, read state: the article links a member has opened, keyed by link (as votes
-- and favorites are), so it follows the member across devices and outlives the feed's
-- pruning. Bounded per member (90 days, 10,000 links; the oldest go first), pruned on
-- each write through the (user_id, read_at) index, never by scanning every member.
CREATE TABLE read_articles (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  link TEXT NOT NULL,
  read_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, link)
);
CREATE INDEX read_articles_oldest ON read_articles (user_id, read_at, link);

-- Issue 17, the reading preference: lists fold each story's articles (0, the default)
-- or show every article (1). A display setting like degen mode, in the same row.
ALTER TABLE user_settings ADD COLUMN show_every_article INTEGER NOT NULL DEFAULT 0;
