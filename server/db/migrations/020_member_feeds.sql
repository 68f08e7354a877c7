-- Members' own feeds (issue 17). One row per feed address, however many members follow
-- it: the key is "mf-" and 12 hex digits of the normalised address's SHA-256, so every
-- follower shares one status row in `feeds`, one fetch and one set of `articles`.
-- Rows stay when nobody follows any more (a feed nobody follows is not fetched and its
-- articles are pruned), so a follow never races a deletion. Times are epoch ms.
CREATE TABLE member_feeds (
  key TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  title TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

-- Who follows what. site_url is the page the member pasted when the feed was found on
-- it (autodiscovery), per member. A member follows at most 50 (checked under the
-- member's lock when following).
CREATE TABLE member_feed_follows (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feed_key TEXT NOT NULL REFERENCES member_feeds (key),
  site_url TEXT,
  added_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, feed_key)
);
-- "Does anybody follow this feed?" for the scheduler and for unfollowing.
CREATE INDEX member_feed_follows_feed ON member_feed_follows (feed_key);
