/**
 * A large archive for the API benchmark, written straight into the database (migrated
 * first): `articles` articles across the ten fetched feeds of the catalog (Gemwire's own
 * feed is made from them), published evenly over the last 90 days — so the 48-hour
 * stories window holds about 1 in 45 of them (~2,200 of 100k), titled from the stories
 * benchmark's generated headline sets (several outlets tell the same stories) — and
 * `members` members with votes, comments and predictions, and a session for the first,
 * whose cookie the benchmark sends to members' routes.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { loadMigrations, migrate } from "../server/db/migrate.ts";
import type { NormalisedItem } from "../server/lib/feed-reader/normalise.ts";
import { hashPassword } from "../server/lib/passwords/passwords.ts";
import { openSession } from "../server/lib/sessions/sessions.ts";
import { feedCatalog } from "../server/modules/articles/catalog.ts";
import { upsertArticles } from "../server/modules/articles/repository.ts";
import { generateHeadlines, seededRandom } from "../test-kit/headlines.ts";

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
const HOUR = 3_600_000;
export const SPREAD_DAYS = 90;
/** Retention that keeps every generated article: the server is started with these (see bench/api.ts). */
export const KEEP_EVERYTHING = { FEED_MAX_ITEMS: "100000", FEED_MAX_AGE_DAYS: String(SPREAD_DAYS * 2) };
const ROWS_PER_INSERT = 500;

export type ApiData = { memberId: string; session: string; links: string[] };

/** Migrates the database at `location` and fills it; returns the first member's session. */
export async function generateApiDatabase(
  location: Config["database"],
  { articles, members }: { articles: number; members: number },
  now = Date.now(),
): Promise<ApiData> {
  const database = openDatabase(location);
  try {
    await migrate(database, loadMigrations(database.dialect), { lockTimeoutMs: 10_000 });
    const random = seededRandom(7);
    const titles = generateHeadlines(articles, 11);
    const feeds = feedCatalog.filter((feed) => feed.url !== null).map((feed) => feed.key);
    const byFeed = new Map<string, NormalisedItem[]>(feeds.map((key) => [key, []]));
    const links: string[] = [];
    titles.forEach((title, index) => {
      const outlet = OUTLETS[Math.floor(random() * OUTLETS.length)] as string;
      const host = `${outlet.toLowerCase().replaceAll(" ", "-")}.example`;
      // Descriptions repeat a few other headlines' words, like a summary paragraph would.
      const sentences: string[] = [];
      const length = 100 + Math.floor(random() * 900);
      while (sentences.join(" ").length < length) sentences.push(`${titles[Math.floor(random() * articles)]}.`);
      const link = `https://${host}/news/${index}`;
      links.push(link);
      byFeed.get(feeds[index % feeds.length] as string)?.push({
        id: `bench-${index}`,
        title,
        link,
        pubDate: new Date(now - random() * SPREAD_DAYS * 24 * HOUR),
        dated: true,
        description: sentences.join(" ").slice(0, length),
        image: random() < 0.6 ? `https://${host}/images/${index}.jpg` : null,
        source: outlet,
        creator: "Bench Writer",
      });
    });
    for (const [key, items] of byFeed) await upsertArticles(database, key, items, now);

    // Members: one password hash for all (hashing 500 would take most of the run).
    const passwordHash = await hashPassword("bench member password");
    const users = Array.from({ length: members }, (_, n) => ({
      id: randomUUID(),
      handle: `bench_member_${n}`,
      handle_key: `bench_member_${n}`,
      password_hash: passwordHash,
      email: null,
      username: null,
      avatar: null,
      created_at: now - 30 * 24 * HOUR,
      deleted_at: null,
    }));
    const { db } = database;
    const insert = async <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await write(rows.slice(start, start + ROWS_PER_INSERT));
      }
    };
    await insert(users, (chunk) => db.insertInto("users").values(chunk).execute());

    // Votes, comments and predictions, mostly on recent articles as members react to news.
    const recent = links.slice(0, Math.max(1, Math.floor(links.length / 20)));
    const pick = () => recent[Math.floor(random() * recent.length)] as string;
    const votes = users.flatMap((user) => {
      const voted = new Set(Array.from({ length: 20 }, pick));
      return [...voted].map((link) => ({
        user_id: user.id,
        link,
        direction: random() < 0.7 ? ("up" as const) : ("down" as const),
        created_at: now - Math.floor(random() * 48 * HOUR),
      }));
    });
    await insert(votes, (chunk) => db.insertInto("article_votes").values(chunk).execute());
    const comments = users.flatMap((user) =>
      Array.from({ length: 4 }, () => ({
        id: randomUUID(),
        user_id: user.id,
        content_id: pick(),
        content_title: null,
        interaction_type: "comment" as const,
        content: `A comment from ${user.handle}: this looks like it will move the market.`,
        created_at: now - Math.floor(random() * 48 * HOUR),
        edited_at: null,
      })),
    );
    await insert(comments, (chunk) => db.insertInto("user_interactions").values(chunk).execute());
    const predictions = users.flatMap((user) =>
      Array.from({ length: 2 }, () => {
        const createdAt = now - Math.floor(random() * 72 * HOUR);
        const status = (["active", "won", "lost"] as const)[Math.floor(random() * 3)] ?? "active";
        const done = status !== "active";
        return {
          id: randomUUID(),
          user_id: user.id,
          token: random() < 0.5 ? "BTC" : "ETH",
          direction: random() < 0.5 ? ("up" as const) : ("down" as const),
          percentage: 100 + Math.floor(random() * 400),
          time_frame: "24h",
          wager: 10,
          status,
          created_at: createdAt,
          completed_at: done ? createdAt + 24 * HOUR : null,
          ends_at: createdAt + 24 * HOUR,
          entry_usd: 60_000,
          entry_source: "sample",
          entry_at: createdAt,
          exit_usd: done ? 61_000 : null,
          exit_source: done ? "sample" : null,
          exit_at: done ? createdAt + 24 * HOUR : null,
          payout: status === "won" ? 20 : null,
          note: null,
        };
      }),
    );
    await insert(predictions, (chunk) => db.insertInto("user_predictions").values(chunk).execute());
    const first = users[0] as (typeof users)[number];
    return { memberId: first.id, session: await openSession(database, { userId: first.id }, now), links };
  } finally {
    await database.close();
  }
}
