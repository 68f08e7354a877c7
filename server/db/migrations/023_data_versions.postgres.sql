-- Issue 18, answer caching: a version per table that list answers are built from,
-- moved by triggers on every insert, update or delete (whichever process writes), so
-- a kept answer is checked with one small query (see server/lib/data-versions.ts).
CREATE TABLE data_versions (
  name TEXT PRIMARY KEY,
  version BIGINT NOT NULL
);
INSERT INTO data_versions (name, version) VALUES ('articles', 0);
INSERT INTO data_versions (name, version) VALUES ('article_votes', 0);
INSERT INTO data_versions (name, version) VALUES ('user_interactions', 0);
INSERT INTO data_versions (name, version) VALUES ('favorites', 0);
INSERT INTO data_versions (name, version) VALUES ('read_articles', 0);
INSERT INTO data_versions (name, version) VALUES ('feeds', 0);
INSERT INTO data_versions (name, version) VALUES ('price_snapshots', 0);
INSERT INTO data_versions (name, version) VALUES ('user_predictions', 0);
INSERT INTO data_versions (name, version) VALUES ('users', 0);
INSERT INTO data_versions (name, version) VALUES ('member_feeds', 0);
INSERT INTO data_versions (name, version) VALUES ('member_feed_follows', 0);
INSERT INTO data_versions (name, version) VALUES ('user_settings', 0);
INSERT INTO data_versions (name, version) VALUES ('blog_posts', 0);

-- Once per statement; the row's lock is held until the writer commits, so a reader sees
-- the new version exactly when it can see the new rows.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
CREATE TRIGGER articles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON articles FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER article_votes_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article_votes FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER user_interactions_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_interactions FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER favorites_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON favorites FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER read_articles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON read_articles FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER feeds_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feeds FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER price_snapshots_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_snapshots FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER user_predictions_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_predictions FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER users_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER member_feeds_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_feeds FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER member_feed_follows_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_feed_follows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER user_settings_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_settings FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER blog_posts_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
