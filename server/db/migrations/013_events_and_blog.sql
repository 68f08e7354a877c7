-- Spec §3 Event, kept by the admin; the public list is ordered by start_date (spec §7).
-- Dates are epoch ms; the location is a city and a country.
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  start_date BIGINT NOT NULL,
  end_date BIGINT NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL,
  website TEXT NOT NULL,
  image_url TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  CHECK (start_date <= end_date)
);
CREATE INDEX events_start ON events (start_date);
CREATE INDEX events_end ON events (end_date);

-- Spec §3 Blog post. Its url is /blog/<slug>; the slug comes from the title and is unique.
-- tags is a JSON array of strings; image an http(s) address or an uploaded image's.
CREATE TABLE blog_posts (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  content TEXT NOT NULL,
  author TEXT NOT NULL,
  date BIGINT NOT NULL,
  tags TEXT NOT NULL,
  image TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
-- Newest first, for /blog and its feed.
CREATE INDEX blog_posts_date ON blog_posts (date, id);
