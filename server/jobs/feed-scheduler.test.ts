import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { feedCatalog } from "../modules/articles/catalog.ts";
import { listArticles } from "../modules/articles/repository.ts";
import { createGuardedFetch } from "../outbound/guarded-fetch.ts";
import { openTestDatabase, testDatabaseTargets } from "../test/databases.ts";
import { startFeedScheduler } from "./feed-scheduler.ts";

let server: http.Server;
let base: string;
let requests = 0;
const hits = new Map<string, number>();
/** Requests to /hang still open (its source never answers, so only the client ends them), and the most at once. */
let hanging = 0;
let mostHanging = 0;
/** How long /slow-… sources take to answer, and how many of their requests are open. */
let slowMs = 0;
let slowOpen = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    hits.set(req.url ?? "", (hits.get(req.url ?? "") ?? 0) + 1);
    if (req.url === "/hang") {
      hanging++;
      mostHanging = Math.max(mostHanging, hanging);
      req.socket.once("close", () => hanging--);
      return;
    }
    if (req.url?.startsWith("/slow-")) {
      slowOpen++;
      setTimeout(() => {
        slowOpen--;
        res.writeHead(200);
        res.end(`<rss><channel><item><title>From ${req.url}</title></item></channel></rss>`);
      }, slowMs);
      return;
    }
    if (req.url === "/failing") {
      res.writeHead(503);
      res.end();
      return;
    }
    res.writeHead(200);
    res.end(
      `<rss><channel><item><title>From ${req.url}</title><link>https://news.example${req.url}</link></item></channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Polls until `done` holds, for at most 10 s; the test's own expectation then judges it. */
async function until(done: () => boolean) {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe("the feed scheduler", () => {
  const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
  afterAll(() => fetcher.close());

  async function setup(paths: Record<string, string>, checkEveryMs = 50, feedFetcher = fetcher) {
    const [target] = testDatabaseTargets();
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const sources = {
      feeds: feedCatalog.filter((f) => f.key in paths).map((f) => ({ ...f, url: `${base}${paths[f.key]}` })),
      relays: [],
    };
    const scheduler = startFeedScheduler(
      {
        database: handle.database,
        sources,
        fetcher: feedFetcher,
        refreshMs: 60_000,
        retention: { maxItems: 100, maxAgeMs: 86_400_000 },
        holder: "scheduler-test",
        log: createLogger({ logLevel: "silent" }),
      },
      checkEveryMs,
    );
    return { handle, scheduler };
  }

  it("refreshes every feed at start-up, then only when due", async () => {
    const { handle, scheduler } = await setup({ bitcoin: "/bitcoin", news: "/news" });
    try {
      await scheduler.idle();
      expect((await listArticles(handle.database, { limit: 10 })).map((a) => a.title).sort()).toEqual([
        "From /bitcoin",
        "From /news",
      ]);
      const after = requests;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await scheduler.idle();
      expect(requests).toBe(after);
    } finally {
      await scheduler.stop();
      await handle.dispose();
    }
  });

  it("looks for due feeds at once when woken (a reader asked for a refresh)", async () => {
    const { handle, scheduler } = await setup({ bitcoin: "/bitcoin" }, 60_000);
    try {
      await scheduler.idle();
      const after = requests;
      await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).execute();
      scheduler.wake();
      await scheduler.idle();
      expect(requests).toBe(after + 1);
    } finally {
      await scheduler.stop();
      await handle.dispose();
    }
  });

  it("keeps a wake that came while every slot was taken, and acts on it as soon as one frees", async () => {
    // No periodic check within the test: only wakes start passes.
    const { handle, scheduler } = await setup(
      { bitcoin: "/slow-a", news: "/slow-b", market: "/slow-c", search: "/quick-after-wake" },
      60_000,
    );
    const dueNow = (keys: string[]) =>
      handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).where("key", "in", keys).execute();
    try {
      await scheduler.idle();
      expect(hits.get("/quick-after-wake")).toBe(1);
      // Three slow feeds come due and take every refresh slot.
      slowMs = 600;
      await dueNow(["bitcoin", "news", "market"]);
      scheduler.wake();
      await until(() => slowOpen === 3);
      expect(slowOpen).toBe(3);
      // A feed comes due meanwhile (a member has just followed one) and the scheduler is woken.
      await dueNow(["search"]);
      scheduler.wake();
      await until(() => (hits.get("/quick-after-wake") ?? 0) >= 2);
      expect(hits.get("/quick-after-wake"), "fetched once a slot freed, not at the next check").toBe(2);
      await scheduler.idle();
      expect(hits.get("/quick-after-wake"), "and only once").toBe(2);
    } finally {
      slowMs = 0;
      await scheduler.stop();
      await handle.dispose();
    }
  });

  it("stops at once, even while a feed waits between attempts, and leaves no lease behind", async () => {
    const { handle, scheduler } = await setup({ bitcoin: "/failing" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 150)); // first attempt failed; now waiting 2 s
      const started = Date.now();
      await scheduler.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await handle.database.db.selectFrom("job_leases").selectAll().execute()).toEqual([]);
      const before = requests;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toBe(before);
    } finally {
      await handle.dispose();
    }
  });

  it("keeps refreshing the other feeds while one source hangs (a pass does not wait for it)", async () => {
    // A deadline far beyond the test: the hang lasts until stop() cancels it, on any machine.
    const patient = createGuardedFetch({ allowPrivate: true, timeoutMs: 120_000 });
    const { handle, scheduler } = await setup({ bitcoin: "/hang", news: "/news-beside-a-hang" }, 50, patient);
    try {
      // Start-up: both fetched; the hanging one holds its slot.
      await until(() => (hits.get("/news-beside-a-hang") ?? 0) >= 1 && hanging > 0);
      expect(hits.get("/news-beside-a-hang")).toBe(1);
      // The healthy feed comes due again while the first pass still waits on the hang.
      await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).where("key", "=", "news").execute();
      await until(() => (hits.get("/news-beside-a-hang") ?? 0) >= 2);
      expect(hits.get("/news-beside-a-hang"), "the healthy feed's second refresh").toBe(2);
      expect(hanging, "the hanging source's first request is still open").toBe(1);
      expect(hits.get("/hang"), "the hanging feed is not fetched again meanwhile").toBe(1);
      expect(mostHanging, "the hanging feed is fetched by one pass at a time").toBe(1);
    } finally {
      await scheduler.stop();
      await patient.close();
      await handle.dispose();
    }
  });
});
