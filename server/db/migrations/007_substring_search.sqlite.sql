-- Search finds the typed text anywhere in titles and descriptions (spec §2), inside words
-- too ('itcoi' finds 'Bitcoin'): a trigram index answers text of three characters or
-- more, ignoring case and diacritics; shorter text is matched with LIKE over the rows
-- (see searchArticles). It replaces 002's word index, which only found whole words.
DROP TRIGGER articles_fts_insert;
DROP TRIGGER articles_fts_delete;
DROP TRIGGER articles_fts_update;
DROP TABLE articles_fts;

CREATE VIRTUAL TABLE articles_search USING fts5(
  title, description, content='articles', content_rowid='id', tokenize='trigram remove_diacritics 1'
);
INSERT INTO articles_search (articles_search) VALUES ('rebuild');
CREATE TRIGGER articles_search_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
END;
CREATE TRIGGER articles_search_update AFTER UPDATE OF title, description ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  INSERT INTO articles_search (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
