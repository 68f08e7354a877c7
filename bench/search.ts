/**
 * `npm run bench:search`: search's speed over a big archive, on SQLite and — when
 * DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server — on a throw-away database
 * there too. Stores 100,000 generated articles (2,000 with BENCH_TINY=1) from the last
 * 30 days across every built-in feed, then runs a mix of queries one after the other,
 * through the function `GET /api/search` answers with, as a visitor: common words that
 * match tens of thousands of articles, mid-frequency and rare words, absent ones, text
 * inside words, one and two characters, and phrases. Prints p50 and p95 per class of
 * query and overall, against the target p95 ≤ 50 ms, PASS or FAIL.
 *
 * `measureSearch` and `seedSearchArchive` are exported for other benchmarks (bench:api).
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Database } from "../server/db/database.ts";
import type { NormalisedItem } from "../server/lib/feed-reader/normalise.ts";
import { upsertArticles } from "../server/modules/articles/repository.ts";
import { BUILT_IN_FEED_KEYS } from "../server/modules/articles/visible-feeds.ts";
import { searchArticles } from "../server/modules/feeds/search.ts";
import { SEARCH_ROWS, searchFeedItems } from "../server/modules/feeds/service.ts";
import { openTestDatabase, postgresTarget, sqliteTarget, type TestDatabaseTarget } from "../server/test/databases.ts";
import { generateHeadlines, seededRandom } from "../test-kit/headlines.ts";
import { judge, sized } from "./tiny.ts";

const DAY = 86_400_000;
/** The target: p95 of one query at a time, in milliseconds. */
export const SEARCH_P95_TARGET_MS = 50;

/**
 * The default mix, by class. The generated headlines (bench/headlines.ts) draw big names
 * most often: at 100k articles "bitcoin" is in 6,840 titles and 59,000 descriptions,
 * "solana" in 2,800 titles, "nerifi" in 59, "despite global" in 19.
 */
export const SEARCH_QUERY_MIX: Record<string, readonly string[]> = {
  common: ["bitcoin", "chain", "blackrock", "million"],
  mid: ["solana", "treasury", "dogecoin", "airdrop"],
  rare: ["nerifi", "zenriia", "vexara"],
  absent: ["price", "dogwifhat", "nothing like this"],
  "inside word": ["itcoi", "ackroc", "olan"],
  "1–2 chars": ["e", "x", "bt", "5%"],
  phrase: ["the sec", "despite global", "bitcoin etf", "on-chain yield"],
};

const classOf = new Map(
  Object.entries(SEARCH_QUERY_MIX).flatMap(([name, queries]) => queries.map((query) => [query, name] as const)),
);

/** Milliseconds; `queryP95Ms` is the matching rows' query alone, without grouping and presenting them. */
export type SearchClassFigures = {
  name: string;
  queries: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  queryP95Ms: number;
};
export type SearchFigures = {
  classes: SearchClassFigures[];
  runs: number;
  p50Ms: number;
  p95Ms: number;
  queryP95Ms: number;
};

const percentile = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * Runs `queries` (the default mix when omitted) one after the other, `rounds` times
 * each, through `searchFeedItems` — what `GET /api/search` answers with — as a visitor
 * (the built-in feeds), after one untimed warm-up pass (the first search builds the
 * cached stories it groups by). Each run also times `searchArticles` alone (the
 * matching rows). Returns p50/p95 per class (a query outside the default mix is classed
 * by its shape: "1–2 chars", "phrase" or "word") and overall, in milliseconds.
 */
export async function measureSearch(
  database: Database,
  queries: readonly string[] = Object.values(SEARCH_QUERY_MIX).flat(),
  rounds = 5,
): Promise<SearchFigures> {
  for (const query of queries) await searchFeedItems(database, query);
  const runs: Array<{ name: string; ms: number; queryMs: number }> = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      runs.push({
        name: classOf.get(query) ?? shapeOf(query),
        ms: await timed(() => searchFeedItems(database, query)),
        queryMs: await timed(() => searchArticles(database, query, SEARCH_ROWS)),
      });
    }
  }
  const figures = (of: typeof runs) => ({
    runs: of.length,
    p50Ms: percentile(
      of.map((run) => run.ms),
      50,
    ),
    p95Ms: percentile(
      of.map((run) => run.ms),
      95,
    ),
    queryP95Ms: percentile(
      of.map((run) => run.queryMs),
      95,
    ),
  });
  const names = [...new Set(runs.map((run) => run.name))];
  return {
    classes: names.map((name) => {
      const of = runs.filter((run) => run.name === name);
      return { name, queries: of.length / rounds, ...figures(of) };
    }),
    ...figures(runs),
  };
}

const shapeOf = (query: string) => ([...query.trim()].length <= 2 ? "1–2 chars" : /\s/.test(query) ? "phrase" : "word");

/**
 * Stores `count` generated articles published over the 30 days before `now`, spread over
 * every built-in feed: generated headlines as titles, and descriptions of 100 to 1,500
 * characters made of other headlines, as a summary paragraph repeats the news' words.
 * Seeded: every run stores the same articles.
 */
export async function seedSearchArchive(database: Database, count: number, now = Date.now()): Promise<void> {
  const random = seededRandom(18);
  const titles = generateHeadlines(count, 18);
  const byFeed = new Map<string, NormalisedItem[]>(BUILT_IN_FEED_KEYS.map((key) => [key, []]));
  titles.forEach((title, index) => {
    const host = `outlet-${index % 40}.example`;
    const length = 100 + Math.floor(random() * 1_400);
    let description = "";
    while (description.length < length) description += `${titles[Math.floor(random() * count)]}. `;
    const key = BUILT_IN_FEED_KEYS[Math.floor(random() * BUILT_IN_FEED_KEYS.length)] as string;
    byFeed.get(key)?.push({
      id: `archive-${index}`,
      title,
      link: `https://${host}/news/${index}`,
      pubDate: new Date(now - random() * 30 * DAY),
      dated: true,
      description: description.slice(0, length).trim(),
      image: null,
      source: `Outlet ${index % 40}`,
      creator: "Bench Writer",
    });
  });
  // Stored as a live archive grows, oldest first, a few feeds' refreshes at a time.
  const items = [...byFeed].flatMap(([key, feedItems]) => feedItems.map((item) => ({ key, item })));
  items.sort((a, b) => a.item.pubDate.getTime() - b.item.pubDate.getTime());
  for (let start = 0; start < items.length; start += SEED_CHUNK) {
    const chunk = items.slice(start, start + SEED_CHUNK);
    for (const key of BUILT_IN_FEED_KEYS) {
      const feedItems = chunk.filter((entry) => entry.key === key).map((entry) => entry.item);
      if (feedItems.length > 0) await upsertArticles(database, key, feedItems, now);
    }
  }
}

const SEED_CHUNK = 2_000;

/** The figures as a table, one row per class and one overall, against the target; true when it is met. */
export function printSearchTable(label: string, figures: SearchFigures): boolean {
  const widths = [12, 8, 6, 9, 9, 11];
  const cells = (values: Array<string | number>) =>
    values
      .map((value, index) => (index === 0 ? String(value).padEnd(12) : String(value).padStart(widths[index] ?? 9)))
      .join("");
  const ms = (value: number) => value.toFixed(1);
  console.log(`\n${label}`);
  console.log(cells(["class", "queries", "runs", "p50 ms", "p95 ms", "query p95"]));
  for (const row of figures.classes) {
    console.log(cells([row.name, row.queries, row.runs, ms(row.p50Ms), ms(row.p95Ms), ms(row.queryP95Ms)]));
  }
  console.log(cells(["overall", "", figures.runs, ms(figures.p50Ms), ms(figures.p95Ms), ms(figures.queryP95Ms)]));
  const passed = figures.p95Ms <= SEARCH_P95_TARGET_MS;
  console.log(
    `${passed ? "PASS" : "FAIL"} p95 ${ms(figures.p95Ms)} ms per search (target ≤ ${SEARCH_P95_TARGET_MS} ms)`,
  );
  return passed;
}

async function benchOn(target: TestDatabaseTarget, count: number): Promise<boolean> {
  const handle = await openTestDatabase(target);
  try {
    const start = performance.now();
    await seedSearchArchive(handle.database, count);
    const seconds = ((performance.now() - start) / 1000).toFixed(1);
    // Planner statistics as autovacuum would have gathered them on a live database.
    if (handle.database.dialect === "postgres") await sql`ANALYZE`.execute(handle.database.db);
    const figures = await measureSearch(handle.database);
    return printSearchTable(`${target.dialect}: ${count} articles (stored in ${seconds} s)`, figures);
  } finally {
    await handle.dispose();
  }
}

async function main() {
  const count = sized(100_000, 2_000);
  const cpus = os.cpus();
  console.log(
    `bench:search — ${count} articles, ${cpus.length} cores (${cpus[0]?.model ?? "unknown"}), Node ${process.version}`,
  );
  const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const targets = [sqliteTarget, ...(postgresUrl ? [postgresTarget(postgresUrl)] : [])];
  if (!postgresUrl) console.log("PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL to measure it too)");
  let failed = false;
  for (const target of targets) failed = !(await benchOn(target, count)) || failed;
  judge(failed);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
