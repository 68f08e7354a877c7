-- Who caused a notification: the commenter of a 'comment' or 'mention' notification,
-- NULL for a prediction's outcome (nobody caused it). A member gets at most 10 unread
-- notifications from one other member, so one member cannot push everyone else's
-- notifications out of the recipient's newest 500. When the actor's account is purged the
-- notification stays with its recipient and only forgets who caused it (their comments,
-- and the notifications those caused, are already gone with the account's deletion).
ALTER TABLE notifications ADD COLUMN actor_id TEXT REFERENCES users (id) ON DELETE SET NULL;

-- Notifications written before this migration: the comment's author, where the comment
-- still exists ('comment:' is 8 characters).
UPDATE notifications
SET actor_id = (
  SELECT user_interactions.user_id FROM user_interactions
  WHERE user_interactions.id = substr(notifications.cause, 9)
)
WHERE kind IN ('comment', 'mention') AND cause LIKE 'comment:%';

-- The cap's count ("unread from this actor, for these recipients") and the purge's
-- ON DELETE SET NULL both look notifications up by actor.
CREATE INDEX notifications_actor ON notifications (actor_id, user_id, read_at);
