/** Events, the blog, page views, search trends and the per-address page caches. */

/** An event the admin keeps (migration 013). */
export interface EventsTable {
  id: string;
  title: string;
  description: string;
  start_date: number;
  end_date: number;
  city: string;
  country: string;
  website: string;
  image_url: string | null;
  created_at: number;
  updated_at: number;
}

/** A blog post (migration 013); its url is /blog/<slug>. */
export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  date: number;
  /** JSON array of strings. */
  tags: string;
  image: string | null;
  created_at: number;
  updated_at: number;
}

/** Page views per UTC day and route pattern (migration 014). */
export interface PageViewsTable {
  day: string;
  route: string;
  views: number;
}

/** A trend as read from one source on one day (migration 016). */
export interface TrendsTable {
  /** A country code, or 'realtime'. */
  source: string;
  /** The title in lower case: one row per source, title and day. */
  title_key: string;
  /** The UTC day of pub_date, YYYY-MM-DD. */
  day: string;
  country: string;
  title: string;
  traffic: string;
  traffic_number: number;
  picture: string | null;
  picture_source: string | null;
  /** A JSON array of {title, url, source}. */
  news_items: string;
  pub_date: number;
  fetched_at: number;
}

/** Each trends source's last read (migration 016). */
export interface TrendSourcesTable {
  source: string;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
}

/** Article analyses and page failures per address, kept a while (migration 015). */
export interface ReaderCacheTable {
  url: string;
  /** JSON: {"read": …} (article, key points, blocks) or {"failure": {"status", "reason"}}. */
  outcome: string;
  created_at: number;
  expires_at: number;
}

export interface AnalysisCacheTable {
  url: string;
  /** JSON: {"analysis": …} or {"failure": {"status", "message"}}. */
  outcome: string;
  created_at: number;
  expires_at: number;
}
