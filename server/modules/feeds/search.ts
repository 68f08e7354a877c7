import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Schema } from "../../db/schema.ts";
import type { ArticleRow } from "./repository.ts";
import { PUBLIC_FEEDS, type VisibleFeeds, visibleFeedsSql } from "./visible-feeds.ts";

/** The trigram index answers text this long or longer; shorter text is matched row by row. */
const TRIGRAM = 3;

/** The typed text with its whitespace collapsed, as stored titles and descriptions have it. */
export function searchText(typed: string): string {
  return typed.replace(/\s+/g, " ").trim();
}

/** LIKE's wildcards and its escape character ('!') taken literally. */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Spec §2: articles whose title or description contains the typed text anywhere, inside
 * words too, ignoring case (and diacritics on SQLite, and on PostgreSQL with unaccent);
 * those matching in the title first, then newest first. The caller de-duplicates by link.
 */
export async function searchArticles(
  database: Database,
  typed: string,
  limit: number,
  visible: VisibleFeeds = PUBLIC_FEEDS,
): Promise<ArticleRow[]> {
  const text = searchText(typed);
  if (text === "") return [];
  // Members' own feeds are searched only by their followers.
  const feeds = visibleFeedsSql(visible, "articles.feed_key");
  return database.dialect === "sqlite"
    ? searchSqlite(database.db, text, limit, feeds)
    : searchPostgres(database.db, text, limit, feeds);
}

type Feeds = ReturnType<typeof visibleFeedsSql>;

async function searchSqlite(db: Kysely<Schema>, text: string, limit: number, feeds: Feeds): Promise<ArticleRow[]> {
  if ([...text].length >= TRIGRAM) {
    // A quoted phrase, to the trigram tokenizer, is a substring; FTS5's MATCH needs the
    // table's own name, so this is plain SQL.
    const phrase = `"${text.replaceAll('"', '""')}"`;
    const { rows } = await sql<ArticleRow>`
      SELECT articles.* FROM articles_search JOIN articles ON articles.id = articles_search.rowid
      WHERE articles_search MATCH ${phrase} AND ${feeds}
      ORDER BY articles.id IN (SELECT rowid FROM articles_search WHERE articles_search MATCH ${`title : ${phrase}`}) DESC,
        articles.published_at DESC, articles.id DESC
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  // One or two characters make no trigram. SQLite's LIKE ignores case for A-Z only.
  const pattern = `%${escapeLike(text)}%`;
  const { rows } = await sql<ArticleRow>`
    SELECT * FROM articles
    WHERE (title LIKE ${pattern} ESCAPE '!' OR description LIKE ${pattern} ESCAPE '!') AND ${feeds}
    ORDER BY title LIKE ${pattern} ESCAPE '!' DESC, published_at DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

async function searchPostgres(db: Kysely<Schema>, text: string, limit: number, feeds: Feeds): Promise<ArticleRow[]> {
  // gemwire_fold (migration 007) lower-cases and, with unaccent, drops diacritics; the
  // typed text is folded the same way before its wildcards are escaped. pg_trgm's
  // indexes on the folded columns serve LIKE when the extension is there.
  const { rows } = await sql<ArticleRow>`
    WITH typed AS (
      SELECT '%' || replace(replace(replace(gemwire_fold(${text}), '!', '!!'), '%', '!%'), '_', '!_') || '%' AS pattern
    )
    SELECT articles.* FROM articles, typed
    WHERE (gemwire_fold(title) LIKE typed.pattern ESCAPE '!' OR gemwire_fold(description) LIKE typed.pattern ESCAPE '!')
      AND ${feeds}
    ORDER BY gemwire_fold(title) LIKE typed.pattern ESCAPE '!' DESC, published_at DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}
