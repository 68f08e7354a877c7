-- Spec §3 user_interactions: a member's comment on an article (content_id = its link) or
-- a blog post (content_id = the post's url). content_title is the article's title when
-- the comment was written, so Blurts can name it after the feed has pruned the article.
-- A comment is deleted outright (by its author, the admin, or with its author's account).
CREATE TABLE user_interactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_id TEXT NOT NULL,
  content_title TEXT,
  interaction_type TEXT NOT NULL CHECK (interaction_type IN ('comment')),
  content TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  edited_at BIGINT
);
-- One article's discussion, newest first; and its count on every card.
CREATE INDEX user_interactions_content ON user_interactions (content_id, created_at);
-- Blurts: everyone's comments, newest first.
CREATE INDEX user_interactions_recent ON user_interactions (interaction_type, created_at);
-- Who took part in a discussion (they hear of the next comment).
CREATE INDEX user_interactions_member ON user_interactions (user_id, content_id);

-- Each member's notifications are numbered 1, 2, 3… by this counter, raised in the same
-- transaction that writes the notification. The raise locks the member's row, so two
-- transactions notifying one member commit in the order of their numbers: a stream that
-- has sent number n can ask for "after n" and never miss one committed late.
ALTER TABLE users ADD COLUMN notification_seq BIGINT NOT NULL DEFAULT 0;

-- Spec §3 Notification. cause says what made it ('comment:<id>', 'prediction:<id>'); a
-- cause notifies each member at most once. target is where clicking it goes.
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('comment', 'mention', 'prediction')),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  target TEXT,
  cause TEXT NOT NULL,
  read_at BIGINT,
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, seq),
  UNIQUE (cause, user_id)
);
-- The unread badge.
CREATE INDEX notifications_unread ON notifications (user_id, read_at);

-- Blurts' Winning, Losing, Active and Completed views: predictions of one status, newest first.
CREATE INDEX user_predictions_status_recent ON user_predictions (status, created_at);
