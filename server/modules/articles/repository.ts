import type { Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { ArticlesTable, FeedsTable } from "../../db/schema.ts";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import type { CoinIndex } from "../coins/index.ts";
import { builtInCoins, coinPattern, tagArticle } from "../coins/index.ts";
import { BUILT_IN_FEED_KEYS } from "./visible-feeds.ts";

export type ArticleRow = Selectable<ArticlesTable>;
export type FeedRow = Selectable<FeedsTable>;

/**
 * Rows written per statement. Each batch is its own short transaction and the event loop
 * gets a turn between batches: on SQLite a write holds the one thread (and the trigram
 * index makes it ~0.2 ms a row), so 1,000 rows in one go would keep every request waiting.
 */
const BATCH = 50;

/** Lets queued requests run between batches (a resolved promise would not: it is a microtask). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores a feed's items, inserting new ones and refreshing known ones (by feed and item
 * id). An item whose feed gives no date keeps the time it was first seen, so it does not
 * jump to the top on every refresh. Each item is tagged with the coins its title and
 * description name (coin-tags.ts), by `coins`; a known item's tags are written again only
 * when the item changes (or was never tagged). Written in batches, yielding in between.
 */
export async function upsertArticles(
  { db }: Database,
  feedKey: string,
  items: NormalisedItem[],
  now: number,
  coins: CoinIndex = builtInCoins(),
): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH) {
    if (start > 0) await yieldToEventLoop();
    const batch = items.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      for (const dated of [true, false]) {
        const rows = batch
          .filter((item) => item.dated === dated)
          .map((item) => ({
            feed_key: feedKey,
            item_id: item.id,
            title: item.title,
            link: item.link,
            published_at: item.pubDate.getTime(),
            undated: item.dated ? 0 : 1,
            description: item.description,
            image: item.image,
            source: item.source,
            creator: item.creator,
            first_seen_at: now,
            updated_at: now,
            coins: tagArticle(coins, item),
          }));
        if (rows.length === 0) continue;
        await trx
          .insertInto("articles")
          .values(rows)
          .onConflict((conflict) =>
            conflict
              .columns(["feed_key", "item_id"])
              .doUpdateSet((eb) => ({
                title: eb.ref("excluded.title"),
                link: eb.ref("excluded.link"),
                description: eb.ref("excluded.description"),
                image: eb.ref("excluded.image"),
                source: eb.ref("excluded.source"),
                creator: eb.ref("excluded.creator"),
                updated_at: eb.ref("excluded.updated_at"),
                coins: eb.ref("excluded.coins"),
                // The flag follows the feed (rows stored before it existed are flagged on their
                // next refresh); an undated item keeps the time it was first seen, and one that
                // gains a date takes it.
                undated: eb.ref("excluded.undated"),
                ...(dated ? { published_at: eb.ref("excluded.published_at") } : {}),
              }))
              // Unchanged items are left alone: no row churn, no search index rewrite.
              .where((eb) =>
                eb.or([
                  eb("articles.title", "is distinct from", eb.ref("excluded.title")),
                  eb("articles.link", "is distinct from", eb.ref("excluded.link")),
                  eb("articles.description", "is distinct from", eb.ref("excluded.description")),
                  eb("articles.image", "is distinct from", eb.ref("excluded.image")),
                  eb("articles.source", "is distinct from", eb.ref("excluded.source")),
                  eb("articles.creator", "is distinct from", eb.ref("excluded.creator")),
                  // Stored before coin tags: tagged now rather than waiting for the backfill.
                  eb("articles.coins", "is", null),
                  eb("articles.undated", "is distinct from", eb.ref("excluded.undated")),
                  ...(dated ? [eb("articles.published_at", "is distinct from", eb.ref("excluded.published_at"))] : []),
                ]),
              ),
          )
          .execute();
      }
    });
  }
}

/** However old, a feed keeps at least its newest few items, so a slow feed never shows empty. */
export const MIN_ITEMS_KEPT = 20;

/**
 * Keeps the database bounded: per feed, at most `maxPerFeed` newest items, and none older
 * than `maxAgeMs` beyond the newest MIN_ITEMS_KEPT. Deletes in batches, yielding in
 * between, like upsertArticles.
 */
export async function pruneArticles(
  { db }: Database,
  feedKey: string,
  { maxPerFeed, maxAgeMs, now }: { maxPerFeed: number; maxAgeMs: number; now: number },
): Promise<number> {
  const newest = (count: number) =>
    db
      .selectFrom("articles")
      .select("id")
      .where("feed_key", "=", feedKey)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(count);
  const doomed = await db
    .selectFrom("articles")
    .select("id")
    .where("feed_key", "=", feedKey)
    .where((eb) =>
      eb.or([
        eb("id", "not in", newest(maxPerFeed)),
        eb.and([
          eb("published_at", "<", now - maxAgeMs),
          eb("id", "not in", newest(Math.min(MIN_ITEMS_KEPT, maxPerFeed))),
        ]),
      ]),
    )
    .execute();
  for (let start = 0; start < doomed.length; start += BATCH) {
    if (start > 0) await yieldToEventLoop();
    const ids = doomed.slice(start, start + BATCH).map((row) => row.id);
    await db.deleteFrom("articles").where("id", "in", ids).execute();
  }
  return doomed.length;
}

/** A position in the newest-first order: strictly after the article with this time and id. */
export type Cursor = { time: number; id?: number };

export type ArticleQuery = {
  feedKey?: string;
  /** Only articles of these feeds (lists across feeds leave out members' feeds the viewer does not follow). */
  feedKeys?: readonly string[];
  source?: string;
  /** Only articles tagged with this coin (an upper-case symbol). */
  coin?: string;
  before?: Cursor;
  limit: number;
};

/** Newest first, optionally of one feed, one source and one coin, after a cursor. */
export async function listArticles({ db }: Database, query: ArticleQuery): Promise<ArticleRow[]> {
  let select = db.selectFrom("articles").selectAll();
  if (query.feedKey) select = select.where("feed_key", "=", query.feedKey);
  if (query.feedKeys) select = select.where("feed_key", "in", query.feedKeys);
  if (query.source) select = select.where("source", "=", query.source);
  if (query.coin) select = select.where("coins", "like", coinPattern(query.coin));
  const before = query.before;
  if (before) {
    // Articles sharing a time are ordered by id, so paging never skips one.
    select = select.where((eb) =>
      before.id === undefined
        ? eb("published_at", "<", before.time)
        : eb.or([
            eb("published_at", "<", before.time),
            eb.and([eb("published_at", "=", before.time), eb("id", "<", before.id)]),
          ]),
    );
  }
  return select.orderBy("published_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
}

/**
 * The freshest stored copy of the article at `link`: whichever feed carries it, or only
 * among `feedKeys` (a viewer's visible feeds), so a copy they may not see never hides one
 * they may.
 */
export async function findArticleByLink(
  { db }: Database,
  link: string,
  feedKeys?: readonly string[],
): Promise<ArticleRow | undefined> {
  if (feedKeys?.length === 0) return undefined;
  return db
    .selectFrom("articles")
    .selectAll()
    .where("link", "=", link)
    .$if(feedKeys !== undefined, (query) => query.where("feed_key", "in", feedKeys as readonly string[]))
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Articles stored per feed: every built-in feed's (members' own feeds are counted with their status), or only `key`'s. */
export async function countArticlesByFeed({ db }: Database, key?: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("articles")
    .select(["feed_key", db.fn.countAll<number>().as("count")])
    .$if(key !== undefined, (query) => query.where("feed_key", "=", key as string))
    .$if(key === undefined, (query) => query.where("feed_key", "in", BUILT_IN_FEED_KEYS))
    .groupBy("feed_key")
    .execute();
  return new Map(rows.map((row) => [row.feed_key, Number(row.count)]));
}

/** The built-in feeds' status rows (members' own feeds have theirs in GET /api/me/feeds). */
export async function listFeedStatuses({ db }: Database): Promise<FeedRow[]> {
  return db.selectFrom("feeds").selectAll().where("key", "in", BUILT_IN_FEED_KEYS).execute();
}

export async function getFeedStatus({ db }: Database, key: string): Promise<FeedRow | undefined> {
  return db.selectFrom("feeds").selectAll().where("key", "=", key).executeTakeFirst();
}

/** Records a successful fetch (304 included): clears the error, keeps the validators. */
export async function recordFeedSuccess(
  { db }: Database,
  key: string,
  update: { url: string; etag: string | null; lastModified: string | null; now: number; nextFetchAt: number },
): Promise<void> {
  const values = {
    url: update.url,
    etag: update.etag,
    last_modified: update.lastModified,
    last_attempt_at: update.now,
    last_success_at: update.now,
    last_error: null,
    last_error_detail: null,
    last_error_at: null,
    consecutive_failures: 0,
    next_fetch_at: update.nextFetchAt,
  };
  await db
    .insertInto("feeds")
    .values({ key, ...values })
    .onConflict((conflict) => conflict.column("key").doUpdateSet(values))
    .execute();
}

/** Records a failed fetch; the items already stored stay. Returns the failure count so far. */
export async function recordFeedFailure(
  { db }: Database,
  key: string,
  update: {
    url: string;
    error: string;
    /** What went wrong underneath `error`, when it says more (see FeedsTable.last_error_detail). */
    detail?: string | null;
    now: number;
    nextFetchAt: (failures: number) => number;
  },
): Promise<number> {
  const previous = await db
    .selectFrom("feeds")
    .select("consecutive_failures")
    .where("key", "=", key)
    .executeTakeFirst();
  const failures = (previous?.consecutive_failures ?? 0) + 1;
  const values = {
    url: update.url,
    last_attempt_at: update.now,
    last_error: update.error,
    last_error_detail: update.detail ?? null,
    last_error_at: update.now,
    consecutive_failures: failures,
    next_fetch_at: update.nextFetchAt(failures),
  };
  await db
    .insertInto("feeds")
    .values({ key, ...values })
    .onConflict((conflict) => conflict.column("key").doUpdateSet(values))
    .execute();
  return failures;
}

/**
 * Brings a feed's next refresh forward to `at`, never later than it already was. A feed
 * with no status row yet is due anyway. Returns the row as it now stands.
 */
export async function bringFeedRefreshForward({ db }: Database, key: string, at: number): Promise<FeedRow | undefined> {
  await db
    .updateTable("feeds")
    .set({ next_fetch_at: at })
    .where("key", "=", key)
    .where("next_fetch_at", ">", at)
    .execute();
  return db.selectFrom("feeds").selectAll().where("key", "=", key).executeTakeFirst();
}
