/**
 * The feed sources for the feed-source fault test: one local HTTP server whose paths
 * answer as their mode says (healthy, 500s, a hang, a drip, garbage), and what the
 * scheduler stored from them.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../../server/db/database.ts";
import { rss } from "../../server/test/feed-server.ts";

export type Mode = "healthy" | "http-500" | "hang" | "drip" | "garbage";
/** One source per failure mode, plus one that never fails; built-in feed keys, each pointed at the test server. */
export const FEEDS: Record<string, Mode> = {
  bitcoin: "healthy",
  news: "http-500",
  market: "hang",
  search: "drip",
  xfeed: "garbage",
};
export const FAILING = Object.keys(FEEDS).filter((key) => FEEDS[key] !== "healthy");
/** A refresh tries 3 times (waiting 2 s, then 3 s) unless the source answered 200 with something unreadable. */
export const ATTEMPTS: Record<Mode, number> = { healthy: 1, "http-500": 3, hang: 3, drip: 3, garbage: 1 };

/** Deterministic bytes that are no feed: the same on every run. */
const noise = (n: number) => createHash("sha512").update(`noise ${n}`).digest();
/** Answers of 200 that no feed reader can read, one after another. */
const GARBAGE: Array<{ type: string; body: string | Buffer }> = [
  { type: "application/rss+xml", body: Buffer.concat([noise(1), noise(2), noise(3)]) },
  {
    type: "text/html; charset=utf-8",
    body: "<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>",
  },
  { type: "application/json", body: '{"status":"ok","items":[{"title":"Cut off","link":"https://news.exam' },
  { type: "application/xml", body: '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>' },
];

/**
 * The feed sources: each path answers as its mode says, healthy with its own items until
 * the test makes it fail. A hanging request is held open and a dripping one gets a byte
 * at a time, until the client gives up (or the test ends).
 */
export async function startSources() {
  const modes = new Map<string, Mode>(Object.entries(FEEDS).map(([key]) => [key, "healthy" as Mode]));
  const items = new Map<string, Array<{ id: string; title: string; link: string }>>();
  const hits = new Map<string, number>();
  let failingAnswers = 0;
  let garbage = 0;
  const drips = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    const key = (request.url ?? "/").slice(1);
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const mode = modes.get(key);
    if (mode === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (mode !== "healthy") failingAnswers++;
    switch (mode) {
      case "healthy": {
        const feed = rss(key, items.get(key) ?? []);
        response.writeHead(200, { "content-type": feed.type }).end(feed.body);
        return;
      }
      case "http-500":
        response.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        return;
      case "hang":
        return; // headers never come
      case "drip": {
        response.writeHead(200, { "content-type": "application/rss+xml" });
        const body = `<?xml version="1.0"?><rss version="2.0"><channel><title>${key}</title>`;
        let sent = 0;
        const drip = () => {
          if (response.destroyed) return;
          response.write(body[sent % body.length] as string);
          sent++;
          const timer = setTimeout(drip, 20);
          drips.add(timer);
        };
        drip();
        return;
      }
      case "garbage": {
        const answer = GARBAGE[garbage++ % GARBAGE.length] as (typeof GARBAGE)[number];
        response.writeHead(200, { "content-type": answer.type }).end(answer.body);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits: (key: string) => hits.get(key) ?? 0,
    /** Requests answered with a failure so far: the faults injected. */
    failingAnswers: () => failingAnswers,
    setMode: (key: string, mode: Mode) => modes.set(key, mode),
    /** Whether the source at `url` is answering now at all (not hanging or dripping). */
    finishes: (url: string) => !["hang", "drip"].includes(modes.get(new URL(url).pathname.slice(1)) ?? ""),
    setItems: (key: string, list: Array<{ id: string; title: string; link: string }>) => items.set(key, list),
    async close() {
      for (const timer of drips) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const itemsOf = (key: string, round: string, count = 3) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${key}-${round}-${i}`,
    title: `${key} ${round} story ${i}`,
    link: `https://news.example/${key}/${round}/${i}`,
  }));

/** Each feed's stored items, newest first, as the test server served them. */
export async function storedItems(database: Database) {
  const rows = await database.db
    .selectFrom("articles")
    .select(["feed_key", "title", "link", "item_id"])
    .orderBy("feed_key")
    .orderBy("link")
    .execute();
  const byFeed = new Map<string, Array<{ id: string; title: string; link: string }>>();
  for (const row of rows) {
    const list = byFeed.get(row.feed_key) ?? [];
    list.push({ id: row.item_id, title: row.title, link: row.link });
    byFeed.set(row.feed_key, list);
  }
  return byFeed;
}

/** What the scheduler recorded for each feed: its failures, when it failed, when it is tried next. */
export async function feedRows(database: Database) {
  return database.db
    .selectFrom("feeds")
    .select(["key", "consecutive_failures", "last_error", "last_error_at", "next_fetch_at", "last_success_at"])
    .execute();
}
