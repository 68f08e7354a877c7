import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { escapeLike } from "../../db/like.ts";
import type { Schema } from "../../db/schema.ts";
import type { ArticleRow } from "../articles/index.ts";
import { PUBLIC_FEEDS, type VisibleFeeds, visibleFeedsSql } from "../articles/index.ts";

/** The trigram indexes answer text this long or longer; shorter text is matched row by row. */
const TRIGRAM = 3;

/**
 * pg_trgm takes trigrams from runs of letters and digits only (PostgreSQL's index holds
 * the text without spaces, so runs continue across them): text without three in a row,
 * such as "$5%" or "a b", gives its index nothing to narrow, and is looked for as one or
 * two characters are, among the newest articles.
 */
const TRIGRAM_WORD = /[\p{L}\p{N}](?: ?[\p{L}\p{N}]){2}/u;

/**
 * One or two characters make no trigram, so no index can answer them: they are matched
 * in the titles and descriptions of only this many of the newest articles (by
 * published_at), which bounds their cost whatever the archive's size.
 */
export const SHORT_QUERY_WINDOW = 5_000;

/**
 * PostgreSQL first reads this many of the newest articles for matches, stopping at the
 * limit: a common word fills its answer there. Only when it does not — the word is
 * rarer than one in twenty — are the trigram indexes asked for the older ones, which
 * then have few matches to check and sort. Either way no step reads every match of a
 * word found in half the archive.
 */
export const RECENT_WINDOW = 4_000;

/**
 * SQLite's trigram index answers every match of a word as a set; up to this many are
 * sorted directly, more are looked up while walking the published_at index newest first.
 */
const SQLITE_SORT_MAX = 2_000;

/** How far each way of searching reaches; the defaults above, smaller in tests. */
export type SearchReach = { shortWindow: number; recentWindow: number; sqliteSortMax: number };
const REACH: SearchReach = {
  shortWindow: SHORT_QUERY_WINDOW,
  recentWindow: RECENT_WINDOW,
  sqliteSortMax: SQLITE_SORT_MAX,
};

/** The typed text with its whitespace collapsed, as stored titles and descriptions have it. */
export function searchText(typed: string): string {
  return typed.replace(/\s+/g, " ").trim();
}

/**
 * Articles whose title or description contains the typed text anywhere, inside
 * words too, ignoring case (and diacritics on SQLite, and on PostgreSQL with unaccent);
 * those matching in the title first, then newest first (then the highest id). The caller
 * de-duplicates by link. One or two characters are looked for among the newest
 * SHORT_QUERY_WINDOW articles only.
 *
 * Title matches and description-only matches are found one after the other, each newest
 * first from the published_at index and stopping at the limit, so a common word costs no
 * more than a rare one: nothing sorts every match of a word found in most articles.
 */
export async function searchArticles(
  database: Database,
  typed: string,
  limit: number,
  visible: VisibleFeeds = PUBLIC_FEEDS,
  reach: SearchReach = REACH,
): Promise<ArticleRow[]> {
  const text = searchText(typed);
  if (text === "" || limit <= 0) return [];
  const short = [...text].length < TRIGRAM || (database.dialect === "postgres" && !TRIGRAM_WORD.test(text));
  // Members' own feeds are searched only by their followers.
  const feeds = visibleFeedsSql(visible, short || database.dialect === "postgres" ? "f.feed_key" : "articles.feed_key");
  const search = short ? searchRecent : database.dialect === "sqlite" ? searchSqlite : searchPostgres;
  const ids = await search(database, text, limit, feeds, reach);
  return rowsInOrder(database.db, ids);
}

type Feeds = RawBuilder<boolean>;
type Search = (database: Database, text: string, limit: number, feeds: Feeds, reach: SearchReach) => Promise<number[]>;

/** Title matches, newest first; then, while there is room, description-only ones. */
async function titlesThenDescriptions(
  limit: number,
  find: (where: "title" | "description only", room: number) => Promise<number[]>,
): Promise<number[]> {
  const titles = await find("title", limit);
  if (titles.length === limit) return titles;
  return [...titles, ...(await find("description only", limit - titles.length))];
}

const searchSqlite: Search = async ({ db }, text, limit, feeds, reach) => {
  // A quoted phrase, to the trigram tokenizer, is a substring. FTS5 answers each
  // column's matching rows from its index, cheaply even for a common word; each is asked
  // once (a phrase of common trigrams costs FTS5 milliseconds every time).
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const matching = async (column: "title" | "description") => {
    const { rows } = await sql<{ id: number }>`
      SELECT rowid AS id FROM articles_search WHERE articles_search MATCH ${`${column} : ${phrase}`}`.execute(db);
    return rows.map((row) => row.id);
  };
  const titles = await matching("title");
  return titlesThenDescriptions(limit, async (where, room) => {
    let ids = titles;
    if (where === "description only") {
      const inTitle = new Set(titles);
      ids = (await matching("description")).filter((id) => !inTitle.has(id));
    }
    if (ids.length === 0) return [];
    const set = sql`SELECT value FROM json_each(${JSON.stringify(ids)})`;
    // A few matches are sorted as they are ('+' keeps SQLite from walking the index for
    // the order); many are met walking the published_at index newest first, which stops
    // at the limit.
    const { rows } =
      ids.length <= reach.sqliteSortMax
        ? await sql<{ id: number }>`
            SELECT id FROM articles WHERE id IN (${set}) AND ${feeds}
            ORDER BY +published_at DESC, id DESC LIMIT ${room}`.execute(db)
        : await sql<{ id: number }>`
            SELECT id FROM articles INDEXED BY articles_published WHERE id IN (${set}) AND ${feeds}
            ORDER BY published_at DESC, id DESC LIMIT ${room}`.execute(db);
    return rows.map((row) => Number(row.id));
  });
};

/**
 * PostgreSQL reads articles_folded (migration 021): each article's text folded by
 * gemwire_fold (lower case, and without diacritics where unaccent is available) when
 * written. The typed text is folded the same way. Its trigram indexes hold the text
 * without spaces, so a phrase's trigrams span its words and few rows are candidates;
 * the folded text then confirms each one.
 */
const searchPostgres: Search = async ({ db }, text, limit, feeds, reach) => {
  const folded = sql`gemwire_fold(${text})`;
  const pattern = likePattern(folded);
  const squashed = likePattern(sql`replace(${folded}, ' ', '')`);
  const inTitle = sql`f.title LIKE ${pattern} ESCAPE '!'`;
  const inDescription = sql`f.description LIKE ${pattern} ESCAPE '!'`;
  let older: Promise<{ published_at: string; id: string } | undefined> | undefined;
  return titlesThenDescriptions(limit, async (where, room) => {
    const walked = where === "title" ? inTitle : sql`${inDescription} AND NOT ${inTitle}`;
    const found = await newestInWindow(db, reach.recentWindow, walked, feeds, room);
    if (found.length === room) return found;
    // Rarer than the window shows: the indexes find the matches older than the window.
    older ??= sql<{ published_at: string; id: string }>`
      SELECT published_at, id FROM articles_folded
      ORDER BY published_at DESC, id DESC OFFSET ${reach.recentWindow - 1} LIMIT 1`
      .execute(db)
      .then((result) => result.rows[0]);
    const end = await older;
    if (!end) return found;
    const indexed =
      where === "title"
        ? sql`replace(f.title, ' ', '') LIKE ${squashed} ESCAPE '!' AND ${inTitle}`
        : sql`replace(f.description, ' ', '') LIKE ${squashed} ESCAPE '!' AND ${inDescription} AND NOT ${inTitle}`;
    const { rows } = await sql<{ id: string }>`
      SELECT f.id FROM articles_folded f
      WHERE ${indexed} AND ${feeds}
        AND (f.published_at < ${end.published_at} OR (f.published_at = ${end.published_at} AND f.id < ${end.id}))
      ORDER BY f.published_at DESC, f.id DESC
      LIMIT ${room - found.length}`.execute(db);
    return [...found, ...rows.map((row) => Number(row.id))];
  });
};

/** '%text%' for LIKE … ESCAPE '!', the wildcards in the text taken literally. */
const likePattern = (text: RawBuilder<unknown>) =>
  sql`'%' || replace(replace(replace(${text}, '!', '!!'), '%', '!%'), '_', '!_') || '%'`;

/**
 * The matching rows among the newest `window` of the table `f` (articles_folded on
 * PostgreSQL, articles on SQLite), newest first, at most `room`. The window is read
 * newest first from the published_at index and the walk stops once `room` are found.
 */
async function newestInWindow(
  db: Kysely<Schema>,
  window: number,
  matches: RawBuilder<unknown>,
  feeds: Feeds,
  room: number,
  table = sql`articles_folded`,
): Promise<number[]> {
  // LIMIT inside keeps the planner from reaching past the window for the indexes.
  const { rows } = await sql<{ id: number | string }>`
    SELECT f.id FROM (
      SELECT * FROM ${table} ORDER BY published_at DESC, id DESC LIMIT ${window}
    ) AS f
    WHERE ${matches} AND ${feeds}
    ORDER BY f.published_at DESC, f.id DESC
    LIMIT ${room}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * One or two characters: the newest SHORT_QUERY_WINDOW articles, title matches first.
 * SQLite's LIKE ignores case for A-Z only; PostgreSQL's text is folded as for longer text.
 */
const searchRecent: Search = async ({ db, dialect }, text, limit, feeds, reach) => {
  const pattern = dialect === "sqlite" ? sql`${`%${escapeLike(text)}%`}` : likePattern(sql`gemwire_fold(${text})`);
  const inTitle = sql`f.title LIKE ${pattern} ESCAPE '!'`;
  const table = dialect === "sqlite" ? sql`articles` : sql`articles_folded`;
  return titlesThenDescriptions(limit, (where, room) =>
    newestInWindow(
      db,
      reach.shortWindow,
      where === "title" ? inTitle : sql`f.description LIKE ${pattern} ESCAPE '!' AND NOT ${inTitle}`,
      feeds,
      room,
      table,
    ),
  );
};

/** The articles of `ids`, in that order. */
async function rowsInOrder(db: Kysely<Schema>, ids: number[]): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("articles").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
