-- Issue 18, answer caching: one version for the whole database that list answers are
-- checked against with one small query (see server/lib/data-versions.ts), moved at commit
-- by every transaction that wrote to a table answers are built from.
--
-- Not a version per table as on SQLite: a row bumped by each write statement stays locked
-- until its writer commits, so every writer of a table would wait for the others, and two
-- writers touching two tables in opposite orders would deadlock. Here the bump is deferred
-- to commit (the lock is held only while committing, and its holder waits for nothing
-- else), happens once per transaction (last_xact), and commits with the rows it stands
-- for, so a reader that sees the new version sees them too. Not pg_current_snapshot():
-- that moves with every write to any database on the server.
CREATE TABLE data_versions (
  name TEXT PRIMARY KEY,
  version BIGINT NOT NULL,
  last_xact xid8
);
INSERT INTO data_versions (name, version) VALUES ('all', 0);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1, last_xact = pg_current_xact_id()
  WHERE name = 'all' AND last_xact IS DISTINCT FROM pg_current_xact_id();
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER articles_version AFTER INSERT OR UPDATE OR DELETE ON articles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER article_votes_version AFTER INSERT OR UPDATE OR DELETE ON article_votes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER user_interactions_version AFTER INSERT OR UPDATE OR DELETE ON user_interactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER favorites_version AFTER INSERT OR UPDATE OR DELETE ON favorites
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER read_articles_version AFTER INSERT OR UPDATE OR DELETE ON read_articles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER feeds_version AFTER INSERT OR UPDATE OR DELETE ON feeds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER price_snapshots_version AFTER INSERT OR UPDATE OR DELETE ON price_snapshots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER user_predictions_version AFTER INSERT OR UPDATE OR DELETE ON user_predictions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER users_version AFTER INSERT OR UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER member_feeds_version AFTER INSERT OR UPDATE OR DELETE ON member_feeds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER member_feed_follows_version AFTER INSERT OR UPDATE OR DELETE ON member_feed_follows
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER user_settings_version AFTER INSERT OR UPDATE OR DELETE ON user_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER blog_posts_version AFTER INSERT OR UPDATE OR DELETE ON blog_posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
