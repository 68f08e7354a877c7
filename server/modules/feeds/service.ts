import type { FeedItem, FeedKey, FeedStatus } from "../../../contracts/feeds.ts";
import { earliestFirst } from "../../../contracts/reading-catalog.ts";
import type { Database } from "../../db/database.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import {
  type ArticleRow,
  BUILT_IN_FEED_KEYS,
  bringFeedRefreshForward,
  type Cursor,
  countArticlesByFeed,
  getFeedStatus,
  isMemberFeedKey,
  listArticles,
  listFeedStatuses,
  presentArticle,
  presentComputedFeedStatus,
  presentFeedStatus,
  uniqueByLink,
  visibleFeedsOf,
} from "../articles/index.ts";
import { presentArticles, type StoryOf, storyIdsOf, topStoryLeads } from "../stories/index.ts";
import { DEFAULT_STORIES_WINDOW_MS } from "../stories/service.ts";
import { failureBackoff } from "./refresh.ts";
import { searchArticles } from "./search.ts";
import type { Sources } from "./sources.ts";

/** The store-level error when the whole fetch failed. */
export const ALL_FEEDS_FAILED = "Failed to fetch feeds. Please try again later.";
/** Search answers at most this many stories (an article in no story counts as one). */
export const SEARCH_LIMIT = 5;
/**
 * The best matching rows search groups into stories: plenty for five stories with all
 * their matching articles, and a bound on the work whatever is typed.
 */
export const SEARCH_ROWS = 200;

/** The catalog with each feed's status; `error` is set when every fetched feed failed at its last attempt. */
export async function listFeeds(
  database: Database,
  sources: Sources,
): Promise<{ feeds: FeedStatus[]; error: string | null }> {
  const [statuses, counts] = await Promise.all([listFeedStatuses(database), countArticlesByFeed(database)]);
  const byKey = new Map(statuses.map((status) => [status.key, status]));
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const feeds = sources.feeds.map((feed) =>
    feed.url === null
      ? presentComputedFeedStatus(feed, statuses, total)
      : presentFeedStatus({ ...feed, url: feed.url }, byKey.get(feed.key), counts.get(feed.key) ?? 0),
  );
  const fetched = sources.feeds.filter((feed) => feed.url !== null).map((feed) => byKey.get(feed.key));
  const allFailed = fetched.length > 0 && fetched.every((status) => status?.last_error);
  return { feeds, error: allFailed ? ALL_FEEDS_FAILED : null };
}

/**
 * 'Refresh Feed' from a reader: the feed's next refresh is brought forward, but never
 * sooner after its last attempt than half the wait the scheduler chose (the refresh
 * period, or a failing feed's backoff), kept between one and fifteen minutes — however
 * many readers ask. So visitors can ask freely without making Gemwire hammer a source
 * or its relays, and a failing feed's backoff still holds. The scheduler does the
 * fetch, as always (under the feed's lease).
 */
export const READER_REFRESH_GAP_MS = { min: 60_000, max: 15 * 60_000 };

/**
 * When a reader's request lets the feed be fetched again, after an attempt at `last`
 * that the scheduler would follow up `wait` later. The wait comes from the refresh
 * period and the failure count, not from `next_fetch_at`, which earlier requests moved.
 */
export function readerRefreshAt(last: number | null, wait: number, now: number): number {
  if (last === null) return now;
  const gap = Math.min(READER_REFRESH_GAP_MS.max, Math.max(READER_REFRESH_GAP_MS.min, wait / 2));
  return Math.max(now, last + gap);
}

export async function requestFeedRefresh(
  database: Database,
  sources: Sources,
  key: FeedKey,
  refreshMs: number,
  now: number = Date.now(),
): Promise<FeedStatus> {
  const feed = sources.feeds.find((f) => f.key === key);
  if (!feed) throw notFound(`No feed named ${key}`);
  if (feed.url === null) {
    throw invalidRequest(`${feed.title} is built from the other feeds; refresh those instead`);
  }
  const current = await getFeedStatus(database, key);
  const failures = current?.consecutive_failures ?? 0;
  const wait = failures > 0 ? failureBackoff(refreshMs, failures) : refreshMs;
  const at = readerRefreshAt(current?.last_attempt_at ?? null, wait, now);
  const row = current ? await bringFeedRefreshForward(database, key, at) : undefined;
  const counts = await countArticlesByFeed(database, key);
  return presentFeedStatus({ ...feed, url: feed.url }, row, counts.get(key) ?? 0);
}

export type ItemsQuery = { source?: string; coin?: string; limit: number; before?: string };

/** `before` is an ISO time or a previous page's `next` ("<time>_<id>"). */
function readCursor(before: string | undefined): Cursor | undefined {
  // `top<n>` pages through the gemwire feed's top stories; elsewhere it means the start.
  if (!before || /^top\d+$/.test(before)) return undefined;
  const cursor = /^(\d+)_(\d+)$/.exec(before);
  if (cursor) return { time: Number(cursor[1]), id: Number(cursor[2]) };
  return { time: Date.parse(before) };
}

const cursorAfter = (row: ArticleRow | undefined) => (row ? `${row.published_at}_${row.id}` : null);
/** A cursor that keeps `row` itself on the next page. */
const cursorAt = (row: ArticleRow) => `${row.published_at}_${row.id + 1}`;

/**
 * A page of a feed's articles, newest first. Gemwire's own feed starts with the top
 * stories across every feed (ranked by coverage, recency and votes, one article each),
 * then goes on with the newest articles no story covers, each link once, page after
 * page; filtered by source or coin, it is the newest articles of that source or tagged
 * with that coin, each link once (no top stories first: a story's lead may not name the coin).
 */
async function feedPage(
  database: Database,
  sources: Sources,
  key: FeedKey | string,
  query: ItemsQuery,
  storiesWindowMs: number,
): Promise<{ rows: ArticleRow[]; next: string | null }> {
  const feed = sources.feeds.find((f) => f.key === key);
  // A member feed's key is checked (followers only) before it gets here.
  if (!feed && !isMemberFeedKey(key)) throw notFound(`No feed named ${key}`);
  const base = { source: query.source, coin: query.coin, before: readCursor(query.before) };
  if (!feed || feed.url !== null) {
    const rows = await listArticles(database, { ...base, feedKey: key, limit: query.limit });
    return { rows, next: rows.length === query.limit ? cursorAfter(rows.at(-1)) : null };
  }
  // Gemwire's own feed is public: members' feeds take no part in it.
  const feedKeys = BUILT_IN_FEED_KEYS;
  if (query.source || query.coin) {
    const rows = await listArticles(database, { ...base, feedKeys, limit: query.limit * 3 });
    const unique = uniqueByLink(rows).slice(0, query.limit);
    const more = unique.length === query.limit || rows.length === query.limit * 3;
    return { rows: unique, next: more ? cursorAfter(unique.at(-1)) : null };
  }
  // The top stories' leads come first (`top<n>` cursors page through them); then, newest
  // first, the articles no story covers.
  const top = await topStoryLeads(database, storiesWindowMs);
  const from = query.before === undefined ? 0 : /^top(\d+)$/.exec(query.before)?.[1];
  const inLeads = from !== undefined;
  const leads = inLeads ? top.leads.slice(Number(from), Number(from) + query.limit) : [];
  const rows = await listArticles(database, {
    feedKeys,
    limit: query.limit * 3,
    before: inLeads ? undefined : base.before,
  });
  const room = query.limit - leads.length;
  const rest = uniqueByLink(rows).filter((row) => !top.covers(row));
  const included = rest.slice(0, room);
  let next: string | null;
  if (room === 0) {
    const after = Number(from) + query.limit;
    next = after < top.leads.length ? `top${after}` : rows[0] ? cursorAt(rows[0]) : null;
  } else if (included.length === room) next = cursorAfter(included.at(-1));
  else next = rows.length === query.limit * 3 ? cursorAfter(rows.at(-1)) : null;
  return { rows: [...leads, ...included], next };
}

/** Who is looking, and over which stories window (the server's STORIES_WINDOW_HOURS). */
export type ViewerOptions = { viewerId?: string | null; storiesWindowMs?: number };

/** A page of a feed's items with their votes and stories; `viewerId` (a member's id) also fills in `myVote` and `read`. */
export async function listFeedItems(
  database: Database,
  sources: Sources,
  key: FeedKey | string,
  query: ItemsQuery,
  { viewerId = null, storiesWindowMs = DEFAULT_STORIES_WINDOW_MS }: ViewerOptions = {},
): Promise<{ items: FeedItem[]; next: string | null }> {
  const { rows, next } = await feedPage(database, sources, key, query, storiesWindowMs);
  return { items: await presentArticles(database, rows, { viewerId, storiesWindowMs }), next };
}

/** Gemwire's feed for subscribers (RSS, JSON Feed), which carry no votes. */
export async function listPublishedItems(
  database: Database,
  sources: Sources,
  limit: number,
  storiesWindowMs = DEFAULT_STORIES_WINDOW_MS,
): Promise<FeedItem[]> {
  const { rows } = await feedPage(database, sources, "gemwire", { limit }, storiesWindowMs);
  return rows.map((row) => presentArticle(row));
}

/**
 * Search: at most 5 stories across every stored feed, best match first
 * (title matches, then the newest). The matching articles (each link once) are grouped
 * by their story, an article in no story standing alone; the first five groups in match
 * order are answered, each group's matching articles together, earliest first — so five
 * copies of one story take one place, not five.
 */
export async function searchFeedItems(
  database: Database,
  text: string,
  {
    viewerId = null,
    storiesWindowMs = DEFAULT_STORIES_WINDOW_MS,
    memberFeeds = true,
    now = Date.now(),
  }: ViewerOptions & { memberFeeds?: boolean; now?: number } = {},
): Promise<FeedItem[]> {
  const visible = await visibleFeedsOf(database, memberFeeds ? viewerId : null);
  const rows = uniqueByLink(await searchArticles(database, text, SEARCH_ROWS, visible));
  if (rows.length === 0) return [];
  const storyOf = await storyIdsOf(database, storiesWindowMs, visible, now);
  const groups = groupByStory(rows, storyOf, SEARCH_LIMIT);
  const items = await presentArticles(database, groups.flat(), {
    viewerId,
    storiesWindowMs,
    now,
    visible,
    storiesRead: storyOf,
  });
  // Each group's articles as foldByStory orders a story's: earliest first.
  let start = 0;
  return groups.flatMap((group) => {
    const shown = items.slice(start, start + group.length);
    start += group.length;
    return shown.sort(earliestFirst);
  });
}

/** The first `limit` groups of rows in their order, by story (a row in none alone). */
function groupByStory(rows: ArticleRow[], storyOf: StoryOf, limit: number): ArticleRow[][] {
  const groups: ArticleRow[][] = [];
  const byStory = new Map<string, ArticleRow[]>();
  for (const row of rows) {
    const story = storyOf(row);
    const group = story === null ? undefined : byStory.get(story);
    if (group) {
      group.push(row);
      continue;
    }
    if (groups.length === limit) continue;
    const fresh = [row];
    groups.push(fresh);
    if (story !== null) byStory.set(story, fresh);
  }
  return groups;
}
