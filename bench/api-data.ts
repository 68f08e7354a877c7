/**
 * A database shaped like a busy day for the API benchmark: ~1,000 articles from the last
 * 46 hours across four feeds, titled from the stories benchmark's generated headline
 * sets (so several outlets tell the same stories), from invented outlets on `.example`
 * hosts, with descriptions of 100 to 1,500 characters as real feeds send them.
 */
import { openDatabase } from "../server/db/connection.ts";
import { loadMigrations, migrate } from "../server/db/migrate.ts";
import type { NormalisedItem } from "../server/modules/feeds/parse/normalise.ts";
import { upsertArticles } from "../server/modules/feeds/repository.ts";
import { generateHeadlines, seededRandom } from "./headlines.ts";

const OUTLETS = [
  "Chain Ledger",
  "Block Street",
  "Coin Courier",
  "Satoshi Daily",
  "Hash Herald",
  "Token Times",
  "Mempool Monitor",
  "Validator Voice",
  "Ledger Line",
  "Crypto Wire Example",
  "Node Observer",
  "Altcoin Almanac",
];
const FEEDS: Array<[key: string, share: number]> = [
  ["bitcoin", 0.4],
  ["news", 0.3],
  ["market", 0.15],
  ["search", 0.15],
];
const HOUR = 3_600_000;

/** Creates (migrates) the SQLite database at `file` and stores `count` generated articles in it. */
export async function generateApiDatabase(file: string, count: number, now = Date.now()): Promise<void> {
  const database = openDatabase({ dialect: "sqlite", file });
  try {
    await migrate(database, loadMigrations(database.dialect), { lockTimeoutMs: 10_000 });
    const random = seededRandom(7);
    const titles = generateHeadlines(count, 11);
    const items: NormalisedItem[] = titles.map((title, index) => {
      const outlet = OUTLETS[Math.floor(random() * OUTLETS.length)] as string;
      const host = `${outlet.toLowerCase().replaceAll(" ", "-")}.example`;
      // Descriptions repeat a few other headlines' words, like a summary paragraph would.
      const sentences: string[] = [];
      const length = 100 + Math.floor(random() * 1_400);
      while (sentences.join(" ").length < length) sentences.push(`${titles[Math.floor(random() * count)]}.`);
      return {
        id: `bench-${index}`,
        title,
        link: `https://${host}/news/${index}`,
        pubDate: new Date(now - random() * 46 * HOUR),
        dated: true,
        description: sentences.join(" ").slice(0, length),
        image: random() < 0.6 ? `https://${host}/images/${index}.jpg` : null,
        source: outlet,
        creator: "Bench Writer",
      };
    });
    let start = 0;
    for (const [key, share] of FEEDS) {
      const end = key === FEEDS.at(-1)?.[0] ? items.length : start + Math.round(items.length * share);
      await upsertArticles(database, key, items.slice(start, end), now);
      start = end;
    }
  } finally {
    await database.close();
  }
}
