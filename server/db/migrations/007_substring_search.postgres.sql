-- Search finds the typed text anywhere in titles and descriptions (spec §2), inside words
-- too ('itcoi' finds 'Bitcoin'), with LIKE over gemwire_fold(): lower case, and without
-- diacritics where the unaccent extension is available (as SQLite's index does). pg_trgm
-- indexes it. Both are trusted extensions: the database's owner may create them, no
-- superuser needed. Where one cannot be created the migration goes on and search still
-- works: without pg_trgm by reading every row, without unaccent minding diacritics.
-- It replaces 002's word index, which only found whole words.
DROP INDEX articles_search;
ALTER TABLE articles DROP COLUMN search;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm cannot be created (%): search reads every row instead of an index', SQLERRM;
END $$;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent cannot be created (%): search minds diacritics', SQLERRM;
END $$;

-- IMMUTABLE so indexes can use it; unaccent's schema is written out so the function
-- means the same whatever the search_path of whoever runs it.
DO $$
DECLARE
  unaccent_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
BEGIN
  IF unaccent_schema IS NULL THEN
    CREATE FUNCTION gemwire_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT lower($1)';
  ELSE
    EXECUTE format(
      'CREATE FUNCTION gemwire_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
      format('SELECT lower(%I.unaccent(%L::regdictionary, $1))', unaccent_schema, unaccent_schema || '.unaccent')
    );
  END IF;
END $$;

DO $$
DECLARE
  trgm_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX articles_title_trgm ON articles USING GIN (gemwire_fold(title) %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format(
      'CREATE INDEX articles_description_trgm ON articles USING GIN (gemwire_fold(description) %I.gin_trgm_ops)',
      trgm_schema
    );
  END IF;
END $$;
