-- Search at scale (issue 18). Rechecking a trigram index's candidates with gemwire_fold()
-- ran unaccent over every candidate's description, and pg_trgm splits a phrase into its
-- words, so "despite global" had as candidates every article holding both words. Search
-- now reads articles_folded: each article's title and description folded once, when
-- written, kept by a trigger; its trigram indexes are on the text without spaces, so a
-- phrase's trigrams span its words ("despiteglobal" holds "teg" and "egl") and its
-- candidates are few. The folded text itself then confirms each candidate cheaply.
-- Replaces 007's indexes on the articles, which search no longer uses.
DROP INDEX IF EXISTS articles_title_trgm;
DROP INDEX IF EXISTS articles_description_trgm;

CREATE TABLE articles_folded (
  id BIGINT PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  feed_key TEXT NOT NULL,
  published_at BIGINT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL
);

INSERT INTO articles_folded (id, feed_key, published_at, title, description)
SELECT id, feed_key, published_at, gemwire_fold(title), gemwire_fold(description) FROM articles;

-- Newest first, as search walks it.
CREATE INDEX articles_folded_published ON articles_folded (published_at DESC, id DESC);

CREATE FUNCTION articles_folded_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO articles_folded (id, feed_key, published_at, title, description)
  VALUES (NEW.id, NEW.feed_key, NEW.published_at, gemwire_fold(NEW.title), gemwire_fold(NEW.description))
  ON CONFLICT (id) DO UPDATE SET
    feed_key = EXCLUDED.feed_key,
    published_at = EXCLUDED.published_at,
    title = EXCLUDED.title,
    description = EXCLUDED.description;
  RETURN NULL;
END $$;

CREATE TRIGGER articles_folded_insert AFTER INSERT ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_folded_write();
-- Only what search reads: a vote or a coin tag rewrites nothing here.
CREATE TRIGGER articles_folded_update AFTER UPDATE OF feed_key, published_at, title, description ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_folded_write();

-- Without pg_trgm (see 007) search still works: newest first from the index above, and
-- reading every row for what is rarely found.
DO $$
DECLARE
  trgm_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format(
      'CREATE INDEX articles_folded_title_trgm ON articles_folded USING GIN (replace(title, '' '', '''') %I.gin_trgm_ops)',
      trgm_schema
    );
    EXECUTE format(
      'CREATE INDEX articles_folded_description_trgm ON articles_folded USING GIN (replace(description, '' '', '''') %I.gin_trgm_ops)',
      trgm_schema
    );
  END IF;
END $$;
