-- Articles whose feed gave no date: published_at then holds when Gemwire first saw them,
-- kept only to order them, and the API and pages say "undated" instead of showing that
-- time as a date. Favorites keep the flag with their copy of the article.
ALTER TABLE articles ADD COLUMN undated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE favorites ADD COLUMN undated INTEGER NOT NULL DEFAULT 0;
