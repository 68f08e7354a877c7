-- A new comment notifies everyone who has its article in their favorites: without this
-- index that lookup reads every member's favorites.
CREATE INDEX favorites_link ON favorites (link);

-- The hourly retention pass deletes notifications older than 90 days by this index
-- instead of reading the whole table.
CREATE INDEX notifications_created ON notifications (created_at);
