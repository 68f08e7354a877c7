-- Search Trends (spec §3 Trend), as read by the trends job from each source: the daily
-- trending-searches RSS per country (source = the country code) and, when configured,
-- the real-time trends (source = 'realtime'). Kept 7 days, so the 48h and 7d periods
-- have data although a source shows only its last day. One row per source, title
-- (lower-cased) and UTC day of pub_date: reading the same feed again updates the row
-- (traffic rises through the day) instead of adding one. news_items is a JSON array of
-- {title, url, source}. Times are epoch ms.
CREATE TABLE trends (
  source TEXT NOT NULL,
  title_key TEXT NOT NULL,
  day TEXT NOT NULL,
  country TEXT NOT NULL,
  title TEXT NOT NULL,
  traffic TEXT NOT NULL,
  traffic_number BIGINT NOT NULL,
  picture TEXT,
  picture_source TEXT,
  news_items TEXT NOT NULL,
  pub_date BIGINT NOT NULL,
  fetched_at BIGINT NOT NULL,
  PRIMARY KEY (source, title_key, day)
);
-- The periods read the newest first; retention deletes by age.
CREATE INDEX trends_pub_date ON trends (pub_date);

-- Each source's last read, so the page can say what failed, why, and since when.
CREATE TABLE trend_sources (
  source TEXT PRIMARY KEY,
  last_attempt_at BIGINT,
  last_success_at BIGINT,
  last_error TEXT
);
