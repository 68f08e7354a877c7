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

-- SQLite triggers run per row: one tiny update in the writer's own transaction.
CREATE TRIGGER articles_version_insert AFTER INSERT ON articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'articles'; END;
CREATE TRIGGER articles_version_update AFTER UPDATE ON articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'articles'; END;
CREATE TRIGGER articles_version_delete AFTER DELETE ON articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'articles'; END;
CREATE TRIGGER article_votes_version_insert AFTER INSERT ON article_votes BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'article_votes'; END;
CREATE TRIGGER article_votes_version_update AFTER UPDATE ON article_votes BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'article_votes'; END;
CREATE TRIGGER article_votes_version_delete AFTER DELETE ON article_votes BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'article_votes'; END;
CREATE TRIGGER user_interactions_version_insert AFTER INSERT ON user_interactions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_interactions'; END;
CREATE TRIGGER user_interactions_version_update AFTER UPDATE ON user_interactions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_interactions'; END;
CREATE TRIGGER user_interactions_version_delete AFTER DELETE ON user_interactions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_interactions'; END;
CREATE TRIGGER favorites_version_insert AFTER INSERT ON favorites BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'favorites'; END;
CREATE TRIGGER favorites_version_update AFTER UPDATE ON favorites BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'favorites'; END;
CREATE TRIGGER favorites_version_delete AFTER DELETE ON favorites BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'favorites'; END;
CREATE TRIGGER read_articles_version_insert AFTER INSERT ON read_articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'read_articles'; END;
CREATE TRIGGER read_articles_version_update AFTER UPDATE ON read_articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'read_articles'; END;
CREATE TRIGGER read_articles_version_delete AFTER DELETE ON read_articles BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'read_articles'; END;
CREATE TRIGGER feeds_version_insert AFTER INSERT ON feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'feeds'; END;
CREATE TRIGGER feeds_version_update AFTER UPDATE ON feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'feeds'; END;
CREATE TRIGGER feeds_version_delete AFTER DELETE ON feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'feeds'; END;
CREATE TRIGGER price_snapshots_version_insert AFTER INSERT ON price_snapshots BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'price_snapshots'; END;
CREATE TRIGGER price_snapshots_version_update AFTER UPDATE ON price_snapshots BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'price_snapshots'; END;
CREATE TRIGGER price_snapshots_version_delete AFTER DELETE ON price_snapshots BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'price_snapshots'; END;
CREATE TRIGGER user_predictions_version_insert AFTER INSERT ON user_predictions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_predictions'; END;
CREATE TRIGGER user_predictions_version_update AFTER UPDATE ON user_predictions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_predictions'; END;
CREATE TRIGGER user_predictions_version_delete AFTER DELETE ON user_predictions BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_predictions'; END;
CREATE TRIGGER users_version_insert AFTER INSERT ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
CREATE TRIGGER users_version_update AFTER UPDATE ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
CREATE TRIGGER users_version_delete AFTER DELETE ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
CREATE TRIGGER member_feeds_version_insert AFTER INSERT ON member_feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feeds'; END;
CREATE TRIGGER member_feeds_version_update AFTER UPDATE ON member_feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feeds'; END;
CREATE TRIGGER member_feeds_version_delete AFTER DELETE ON member_feeds BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feeds'; END;
CREATE TRIGGER member_feed_follows_version_insert AFTER INSERT ON member_feed_follows BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feed_follows'; END;
CREATE TRIGGER member_feed_follows_version_update AFTER UPDATE ON member_feed_follows BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feed_follows'; END;
CREATE TRIGGER member_feed_follows_version_delete AFTER DELETE ON member_feed_follows BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'member_feed_follows'; END;
CREATE TRIGGER user_settings_version_insert AFTER INSERT ON user_settings BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_settings'; END;
CREATE TRIGGER user_settings_version_update AFTER UPDATE ON user_settings BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_settings'; END;
CREATE TRIGGER user_settings_version_delete AFTER DELETE ON user_settings BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'user_settings'; END;
CREATE TRIGGER blog_posts_version_insert AFTER INSERT ON blog_posts BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'blog_posts'; END;
CREATE TRIGGER blog_posts_version_update AFTER UPDATE ON blog_posts BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'blog_posts'; END;
CREATE TRIGGER blog_posts_version_delete AFTER DELETE ON blog_posts BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'blog_posts'; END;
