-- PostgreSQL's 021 keeps a folded copy of each article's text for search. SQLite needs
-- none: its trigram index (007) matches phrases exactly, and search walks the
-- published_at index newest first (see searchArticles).
SELECT 1;
