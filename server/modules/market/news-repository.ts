import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { Schema } from "../../db/schema.ts";
import type { ArticleRow } from "../feeds/repository.ts";
import { escapeLike } from "../feeds/search.ts";
import { PUBLIC_FEEDS, visibleFeedsSql } from "../feeds/visible-feeds.ts";
import type { MatchedToken } from "./token-match.ts";

/** Where a page of candidates starts: after this article in newest-first order. */
export type After = { publishedAt: number; id: number };

/** The trigram index answers text of three characters or more. */
const TRIGRAM = 3;

/**
 * Articles that may mention the token, newest first: the substring index (migration
 * 007) narrows them to those containing the symbol or the name in any case, and a
 * cheap test in SQL keeps those with the symbol in capitals, its cashtag or the name.
 * The caller checks whole words (token-match.ts); this only has to be a superset.
 * Token pages are public: members' own feeds take no part.
 */
export async function mentionCandidates(
  database: Database,
  token: MatchedToken,
  after: After | null,
  limit: number,
): Promise<ArticleRow[]> {
  return database.dialect === "sqlite"
    ? sqliteCandidates(database.db, token, after, limit)
    : postgresCandidates(database.db, token, after, limit);
}

const terms = (token: MatchedToken) => ({
  symbol: token.symbol.toUpperCase(),
  cashtag: `%${escapeLike(`$${token.symbol.toLowerCase()}`)}%`,
  name: `%${escapeLike(token.name.toLowerCase())}%`,
});

function keyset(after: After | null) {
  if (!after) return sql`TRUE`;
  return sql`(published_at < ${after.publishedAt} OR (published_at = ${after.publishedAt} AND id < ${after.id}))`;
}

async function sqliteCandidates(db: Kysely<Schema>, token: MatchedToken, after: After | null, limit: number) {
  const { symbol, cashtag, name } = terms(token);
  const needles = [token.symbol, token.name].map((term) => term.toLowerCase());
  // A quoted phrase is a substring to the trigram tokenizer; without three characters
  // there is no trigram, and the plain test below reads the rows instead.
  const indexed = needles.every((term) => [...term].length >= TRIGRAM)
    ? sql`id IN (SELECT rowid FROM articles_search WHERE articles_search MATCH ${needles
        .map((term) => `"${term.replaceAll('"', '""')}"`)
        .join(" OR ")})`
    : sql`TRUE`;
  // Newest first along the date index, stopping at the limit: a common token's first
  // hundred are near the top, while the index's set of matches (built once per query)
  // keeps a rare token's walk to index entries, not rows. Sorting every match instead
  // costs a second at 100,000 articles. instr is case-sensitive (the symbol in
  // capitals); LIKE ignores case for A-Z.
  const { rows } = await sql<ArticleRow>`
    SELECT * FROM articles INDEXED BY articles_published
    WHERE ${indexed}
      AND (instr(title, ${symbol}) > 0 OR instr(description, ${symbol}) > 0
        OR title LIKE ${name} ESCAPE '!' OR description LIKE ${name} ESCAPE '!'
        OR title LIKE ${cashtag} ESCAPE '!' OR description LIKE ${cashtag} ESCAPE '!')
      AND ${keyset(after)}
      AND ${visibleFeedsSql(PUBLIC_FEEDS)}
    ORDER BY published_at DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

async function postgresCandidates(db: Kysely<Schema>, token: MatchedToken, after: After | null, limit: number) {
  const { symbol, cashtag, name } = terms(token);
  const folded = `%${escapeLike(token.symbol.toLowerCase())}%`;
  // The first test is what pg_trgm's indexes on gemwire_fold(…) answer; the second
  // checks the few rows they leave.
  const { rows } = await sql<ArticleRow>`
    SELECT * FROM articles
    WHERE (gemwire_fold(title) LIKE gemwire_fold(${folded}) ESCAPE '!'
        OR gemwire_fold(description) LIKE gemwire_fold(${folded}) ESCAPE '!'
        OR gemwire_fold(title) LIKE gemwire_fold(${name}) ESCAPE '!'
        OR gemwire_fold(description) LIKE gemwire_fold(${name}) ESCAPE '!')
      AND (strpos(title, ${symbol}) > 0 OR strpos(description, ${symbol}) > 0
        OR title ILIKE ${name} ESCAPE '!' OR description ILIKE ${name} ESCAPE '!'
        OR title ILIKE ${cashtag} ESCAPE '!' OR description ILIKE ${cashtag} ESCAPE '!')
      AND ${keyset(after)}
      AND ${visibleFeedsSql(PUBLIC_FEEDS)}
    ORDER BY published_at DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}
