-- Spec §7 analytics, counted by Gemwire itself: views per day (UTC, YYYY-MM-DD) and
-- route pattern (e.g. /token/:symbol). No path, cookie, address or agent is kept.
CREATE TABLE page_views (
  day TEXT NOT NULL,
  route TEXT NOT NULL,
  views BIGINT NOT NULL,
  PRIMARY KEY (day, route)
);
