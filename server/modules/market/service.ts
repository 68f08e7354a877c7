import { type PriceHistory, TOKEN_NEWS_MAX, type TokenNewsItem } from "../../../contracts/market.ts";
import type { BuiltInToken, HistoryRange } from "../../../contracts/market-catalog.ts";
import type { Database } from "../../db/database.ts";
import { type ArticleRow, BUILT_IN_FEED_KEYS, type Cursor, listArticles, tallyArticles } from "../articles/index.ts";
import type { StoryGroup } from "../stories/index.ts";
import { type StoryScope, storiesOf } from "../stories/service.ts";
import { presentHistory, presentNewsItem, type StoryRef } from "./presenter.ts";
import { oldestSnapshot, snapshotPoints } from "./repository.ts";

const MINUTE = 60_000;

export const RANGE_MS: Record<HistoryRange, number> = {
  "1h": 60 * MINUTE,
  "24h": 24 * 60 * MINUTE,
  "7d": 7 * 24 * 60 * MINUTE,
  "30d": 30 * 24 * 60 * MINUTE,
};

/** A chart needs no more points than this; longer ranges are averaged into buckets. */
export const MAX_HISTORY_POINTS = 300;

/** Snapshots are per minute; a bucket is a whole number of minutes, enough to stay within MAX_HISTORY_POINTS. */
export const bucketMsFor = (range: HistoryRange) => Math.ceil(RANGE_MS[range] / MINUTE / MAX_HISTORY_POINTS) * MINUTE;

type HistoryCache = {
  version: number;
  answers: Map<string, { minute: number; version: number; answer: PriceHistory }>;
};
const historyCaches = new WeakMap<Database, HistoryCache>();

function historyCache(database: Database): HistoryCache {
  let cache = historyCaches.get(database);
  if (!cache) {
    cache = { version: 0, answers: new Map() };
    historyCaches.set(database, cache);
  }
  return cache;
}

/** Tells the history answers of this process that a minute was recorded (another process's write waits for the next minute). */
export function snapshotsRecorded(database: Database): void {
  historyCache(database).version++;
}

/**
 * A token's recorded prices over the range, oldest first, at most ~300 points. Kept
 * until the minute turns or this process records a snapshot.
 */
export async function priceHistory(
  database: Database,
  symbol: string,
  range: HistoryRange,
  now = Date.now(),
): Promise<PriceHistory> {
  const cache = historyCache(database);
  const key = `${symbol}:${range}`;
  const minute = Math.floor(now / MINUTE);
  const kept = cache.answers.get(key);
  if (kept && kept.minute === minute && kept.version === cache.version) return kept.answer;
  const version = cache.version;
  // The window starts on a bucket's edge, so the first point averages a whole bucket.
  const bucketMs = bucketMsFor(range);
  const since = Math.floor((now - RANGE_MS[range]) / bucketMs) * bucketMs + bucketMs;
  const [points, recordedSince] = await Promise.all([
    snapshotPoints(database, symbol, since, bucketMs),
    oldestSnapshot(database, symbol),
  ]);
  const answer = presentHistory(symbol, range, points, recordedSince);
  cache.answers.set(key, { minute, version, answer });
  return answer;
}

/**
 * How long a token's news list is kept; a feed refresh shows up at most this late. Not
 * tied to the database's change stamp: sessions and price snapshots write all the time.
 */
const NEWS_TTL_MS = 15_000;
/** Tagged articles read per query, and at most this many queries per list (copies of one link are skipped). */
const CANDIDATE_PAGE = 100;
const CANDIDATE_PAGES = 10;

type NewsItems = Array<{ row: ArticleRow; story: StoryRef | null }>;
type KeptNews = { at: number; items: Promise<NewsItems> };
const newsCaches = new WeakMap<Database, Map<string, KeptNews>>();
const storyRefs = new WeakMap<StoryGroup[], Map<number, StoryRef>>();

function refsOf(groups: StoryGroup[], feed: string): Map<number, StoryRef> {
  let refs = storyRefs.get(groups);
  if (!refs) {
    refs = new Map();
    for (const group of groups) {
      const first = group.articles[0] as ArticleRow;
      const ref = { id: `story-${first.id}`, title: first.title, feed };
      for (const row of group.articles) refs.set(row.id, ref);
    }
    storyRefs.set(groups, refs);
  }
  return refs;
}

/**
 * The newest stored articles tagged with the token's symbol (the coin tags every list
 * filters by, docs/decisions/021), one per link, up to `limit`.
 */
async function findMentions(database: Database, token: BuiltInToken, limit: number): Promise<ArticleRow[]> {
  const found: ArticleRow[] = [];
  const links = new Set<string>();
  let before: Cursor | undefined;
  for (let page = 0; page < CANDIDATE_PAGES && found.length < limit; page++) {
    // Token news is public: members' own feeds take no part in it.
    const rows = await listArticles(database, {
      coin: token.symbol,
      feedKeys: BUILT_IN_FEED_KEYS,
      before,
      limit: CANDIDATE_PAGE,
    });
    for (const row of rows) {
      const key = row.link || `#${row.id}`;
      if (links.has(key)) continue;
      links.add(key);
      found.push(row);
      if (found.length === limit) break;
    }
    if (rows.length < CANDIDATE_PAGE) break;
    const last = rows[rows.length - 1] as ArticleRow;
    before = { time: last.published_at, id: last.id };
  }
  return found;
}

/**
 * The token's news: stored articles tagged with it, newest first, each with the story it
 * belongs to on its feed. The list is built once per token at the longest length (one
 * build at a time, shared by the requests that arrive meanwhile), kept briefly and cut
 * to each request's limit; votes are counted afresh on every call.
 */
export async function tokenNews(
  database: Database,
  token: BuiltInToken,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<TokenNewsItem[]> {
  let perToken = newsCaches.get(database);
  if (!perToken) {
    perToken = new Map();
    newsCaches.set(database, perToken);
  }
  let kept = perToken.get(token.symbol);
  if (!kept || now - kept.at >= NEWS_TTL_MS) {
    // One build per token at a time: requests arriving meanwhile share it.
    const building: KeptNews = { at: Number.POSITIVE_INFINITY, items: buildNews(database, token, windowMs, now) };
    perToken.set(token.symbol, building);
    building.items.then(
      // Timed from when the list was ready, so a slow first build is still kept.
      () => {
        building.at = Date.now();
      },
      () => {
        if (perToken.get(token.symbol) === building) perToken.delete(token.symbol);
      },
    );
    kept = building;
  }
  const items = (await kept.items).slice(0, limit);
  const tallies = await tallyArticles(
    database,
    items.map(({ row }) => row.link),
    null,
  );
  return items.map(({ row, story }) => presentNewsItem(row, story, tallies.get(row.link)));
}

/** The token's mentions with the story each belongs to (from the kept stories, never clustered again here). */
async function buildNews(database: Database, token: BuiltInToken, windowMs: number, now: number): Promise<NewsItems> {
  const rows = await findMentions(database, token, TOKEN_NEWS_MAX);
  // Only articles inside the stories' window can be in a story.
  const since = now - windowMs;
  const refsByFeed = new Map<string, Map<number, StoryRef>>();
  for (const feed of new Set(rows.filter((row) => row.published_at >= since).map((row) => row.feed_key))) {
    refsByFeed.set(feed, refsOf(await storiesOf(database, feed as StoryScope, windowMs, now), feed));
  }
  return rows.map((row) => ({ row, story: refsByFeed.get(row.feed_key)?.get(row.id) ?? null }));
}
