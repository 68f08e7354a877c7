/**
 * Search's shortcuts (the recent window, the trigram indexes, SQLite's choice between
 * sorting a few matches and walking the published_at index) answer exactly what the
 * ranking rule says: compared with a plain reading of the rule over a few hundred
 * generated articles, words common, mid-frequency, rare and absent, in titles, in
 * descriptions only, inside words, phrases, and one or two characters — with the
 * windows shrunk so that every path runs, and with the real ones.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../test-kit/headlines.ts";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { type SearchReach, searchArticles } from "./search.ts";

const now = Date.UTC(2026, 10, 22, 12);
const COUNT = 400;
const LIMIT = 30;

// Ranked by how often they are drawn, so some fill a window and some never do.
const WORDS = [
  "bitcoin",
  "price",
  "rally",
  "ethereum",
  "solana",
  "miners",
  "treasury",
  "dunleavy",
  "quvera",
  "café",
  "zebra",
];

function generate(): NormalisedItem[] {
  const random = seededRandom(21);
  const draw = () => WORDS[Math.min(WORDS.length - 1, Math.floor(-Math.log(random()) * 2))] as string;
  const phrase = (length: number) => Array.from({ length }, draw).join(" ");
  return Array.from({ length: COUNT }, (_, index) =>
    testItem(`a${index}`, 0, now, {
      // Hours apart, with ties: several articles share each hour, as a feed's batch does.
      pubDate: new Date(now - Math.floor(random() * 120) * 3_600_000),
      title: `${phrase(1 + Math.floor(random() * 3))} ${index % 7 === 0 ? "Update" : "news"}`,
      description: random() < 0.2 ? "" : `${phrase(2 + Math.floor(random() * 8))}. 5% off_the ${phrase(2)}`,
    }),
  );
}

type Stored = { id: number; item_id: string; title: string; description: string; published_at: number };

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The rule, read plainly: title matches, then description-only ones, each newest first (then highest id). */
function reference(stored: Stored[], typed: string, limit: number, newestOnly = Infinity): string[] {
  const text = fold(typed.replace(/\s+/g, " ").trim());
  const newest = (a: Stored, b: Stored) => b.published_at - a.published_at || b.id - a.id;
  const pool = [...stored].sort(newest).slice(0, newestOnly);
  const inTitle = pool.filter((row) => fold(row.title).includes(text));
  const inDescription = pool.filter((row) => !fold(row.title).includes(text) && fold(row.description).includes(text));
  return [...inTitle, ...inDescription].slice(0, limit).map((row) => row.item_id);
}

const LONG_QUERIES = [
  "bitcoin",
  "BITCOIN",
  "price",
  "rally",
  "solana",
  "treasury",
  "dunleavy",
  "quvera",
  "zebra",
  "absentword",
  "itcoi",
  "thereu",
  "cafe",
  "bitcoin price",
  "price rally",
  "zebra quvera",
  "update",
  "5% off_the",
  "off_",
];
const SHORT_QUERIES = ["a", "z", "5%", "_", "up", "q"];
const SMALL: SearchReach = { shortWindow: 120, recentWindow: 60, sqliteSortMax: 15 };

describe.each(testDatabaseTargets())("search against the plain rule on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let stored: Stored[];

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    await upsertArticles(handle.database, "news", generate(), now);
    if (target.dialect === "postgres") await sql`ANALYZE`.execute(handle.database.db);
    stored = (
      await handle.database.db
        .selectFrom("articles")
        .select(["id", "item_id", "title", "description", "published_at"])
        .execute()
    ).map((row) => ({ ...row, id: Number(row.id), published_at: Number(row.published_at) }));
  });
  afterAll(async () => handle.dispose());

  const ids = async (text: string, limit: number, reach?: SearchReach) =>
    (await searchArticles(handle.database, text, limit, undefined, reach)).map((row) => row.item_id);

  it("spreads the words as intended: some fill the limit, some are rare, some absent", () => {
    const count = (text: string) => reference(stored, text, COUNT).length;
    expect(count("bitcoin")).toBeGreaterThan(LIMIT * 3);
    expect(count("quvera")).toBeGreaterThan(0);
    expect(count("quvera")).toBeLessThan(LIMIT);
    expect(count("absentword")).toBe(0);
  });

  it.each(LONG_QUERIES)("answers %j as the rule does, through every path", async (query) => {
    for (const limit of [1, LIMIT, COUNT]) {
      const expected = reference(stored, query, limit);
      expect(await ids(query, limit, SMALL)).toEqual(expected);
      expect(await ids(query, limit)).toEqual(expected);
    }
  });

  it.each(SHORT_QUERIES)("answers %j from the newest articles only, as the rule does there", async (query) => {
    expect(await ids(query, LIMIT, SMALL)).toEqual(reference(stored, query, LIMIT, SMALL.shortWindow));
    expect(await ids(query, COUNT, SMALL)).toEqual(reference(stored, query, COUNT, SMALL.shortWindow));
    expect(await ids(query, COUNT)).toEqual(reference(stored, query, COUNT));
  });

  // Three characters or more, but no three letters or digits in a row: SQLite's trigram
  // index answers them; pg_trgm's cannot, and PostgreSQL reads the newest articles.
  it.each(["a b", "% o"])("answers %j from the index on SQLite, the newest articles on PostgreSQL", async (query) => {
    const newestOnly = target.dialect === "postgres" ? SMALL.shortWindow : Infinity;
    // Some match outside the newest articles, so the two answers differ.
    expect(reference(stored, query, COUNT).length).toBeGreaterThan(
      reference(stored, query, COUNT, SMALL.shortWindow).length,
    );
    expect(await ids(query, COUNT, SMALL)).toEqual(reference(stored, query, COUNT, newestOnly));
  });

  if (target.dialect === "postgres") {
    it("answers the same without pg_trgm's indexes (the extension unavailable)", async () => {
      await sql`DROP INDEX IF EXISTS articles_folded_title_trgm, articles_folded_description_trgm`.execute(
        handle.database.db,
      );
      for (const query of LONG_QUERIES) {
        expect(await ids(query, LIMIT, SMALL)).toEqual(reference(stored, query, LIMIT));
      }
    });
  }
});
