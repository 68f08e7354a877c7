-- Coin tags (issue 17): the coins an article's title and description name, as the
-- analysis detector finds them, written when the feed refresh stores the article
-- (docs/decisions/021). Stored as upper-case symbols between commas, most mentioned
-- first (",BTC,SOL,"), so `?coin=SOL` is the exact test coins LIKE '%,SOL,%'; '' names
-- none; NULL is not tagged yet (rows stored before this migration), which the
-- background backfill finds through the partial index below and tags in small batches.
ALTER TABLE articles ADD COLUMN coins TEXT;
CREATE INDEX articles_untagged ON articles (id) WHERE coins IS NULL;
