import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANALYSIS_CACHE_MS, type Analysis } from "../../../contracts/analysis-catalog.ts";
import { openDatabase } from "../../db/connection.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { storeBlogPost } from "../../test/blog-posts.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { appShell, blogPost, cashtags, type FixturePage, german, newsSite, signInPage } from "./fixtures/index.ts";
import { html, keptFor, LOCAL_PAGES, startPriceApi, startSite, type TestSite } from "./fixtures/site.ts";
import { MAX_PAGES_AT_ONCE, MAX_PAGES_PER_ASKER, MAX_VISITOR_PAGES } from "./page-slots.ts";
import { storeOutcome } from "./repository.ts";
import { FAILURE_CACHE_MS } from "./service.ts";

/*
 * GET /api/analysis on article pages served from 127.0.0.1 (standing for the internet:
 * LOCAL_PAGES; ALLOW_PRIVATE_SOURCES=1 only lets the coin list reach the local price
 * API), on both databases.
 */

type Response = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** Every key point is a sentence of the article's body, quoted exactly where it says it stands. */
function expectQuotedFromBody(analysis: Analysis, page: FixturePage) {
  const joined = page.body.join("\n\n");
  expect(analysis.key_points.length).toBeGreaterThanOrEqual(3);
  expect(analysis.key_points.length).toBeLessThanOrEqual(5);
  for (const point of analysis.key_points) {
    const { text, paragraph, position } = point;
    expect(position).not.toBeNull();
    expect(joined.slice(position as number, (position as number) + text.length)).toBe(text);
    expect(page.body[(paragraph as number) - 1]).toContain(text);
    for (const marker of page.markers) expect(text.toLowerCase()).not.toContain(marker.toLowerCase());
  }
  const positions = analysis.key_points.map((point) => point.position as number);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

describe.each(testDatabaseTargets())("article analysis on $dialect", (target) => {
  let site: TestSite;
  let prices: Awaited<ReturnType<typeof startPriceApi>>;
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const env = () => ({ ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: prices.baseUrl });
  const appOptions = () => ({ env: env(), analysis: { pageFetch: LOCAL_PAGES } });

  /** Requests to /slow wait here until the test lets them go (as missing pages: nothing to read). */
  const held: Array<() => void> = [];

  beforeAll(async () => {
    site = await startSite({
      "/slow": (_, response) => {
        held.push(() => {
          response.writeHead(404);
          response.end();
        });
      },
      "/plain": html("Just text, not a page.", "text/plain"),
      "/server-error": (_, response) => {
        response.writeHead(500, { "content-type": "text/html" });
        response.end("<html><body>Oops</body></html>");
      },
    });
    prices = await startPriceApi();
    handle = await openTestDatabase(target);
    app = await buildTestApp(handle.database, appOptions());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
    await site.close();
    await prices.close();
  });
  beforeEach(async () => {
    await handle.database.db.deleteFrom("rate_limits").execute();
    await handle.database.db.deleteFrom("analysis_cache").execute();
    // The page read the analysis shares with the reader view is kept apart.
    await handle.database.db.deleteFrom("reader_cache").execute();
    site.hits.clear();
  });

  const analyse = (url: string, options: { remoteAddress?: string; cookies?: Record<string, string> } = {}) =>
    app.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}`, ...options });
  /** Another process's app on the same database (its own connection, closed with it). */
  const otherProcess = () => buildTestApp(openDatabase(handle.location), appOptions());
  const ok = async (url: string): Promise<Analysis> => {
    const response = await analyse(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  describe("key points come from the article's body only", () => {
    it("(a) a news site: never its menu, ads, share bar, caption, newsletter box, related links or footer", async () => {
      const analysis = await ok(`${site.origin}${newsSite.path}`);
      expectQuotedFromBody(analysis, newsSite);
      expect(analysis).toMatchObject({
        story_title: "Stablecoin payments hit a record in October",
        url: `${site.origin}${newsSite.path}`,
        method: "extractive",
      });
      expect(new Date(analysis.analyzed_at).toISOString()).toBe(analysis.analyzed_at);
    });

    it("(b) a blog post: never its sidebar, comments or post footer; the headline without the blog's name", async () => {
      const analysis = await ok(`${site.origin}${blogPost.path}`);
      expectQuotedFromBody(analysis, blogPost);
      expect(analysis.story_title).toBe("Six months with a hardware wallet");
    });

    it("(d) a German article: its own sentences, whole across abbreviations", async () => {
      const analysis = await ok(`${site.origin}${german.path}`);
      expectQuotedFromBody(analysis, german);
      expect(analysis.story_title).toBe("Sparkassen öffnen den Bitcoin-Handel für Privatkunden");
      for (const { text } of analysis.key_points) expect(text).toMatch(/^\p{Lu}.*[.!?]$/u);
      expect(analysis.tickers).toEqual([{ symbol: "BTC", name: "Bitcoin", mentions: 4, solana: false, token: true }]);
    });

    it.each([
      [signInPage, "a sign-in page"],
      [appShell, "a web app's empty shell"],
    ])("(e) answers 502 'no article' for %s", async (page) => {
      const response = await analyse(`${site.origin}${page.path}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: "bad_gateway",
        message: "Analysis failed: no article was found on it",
      });
    });
  });

  describe("tickers", () => {
    it("(c) counts cashtags, 'Name (SYM)', symbols and names, most mentioned first, flagging Solana and built-in tokens", async () => {
      const analysis = await ok(`${site.origin}${cashtags.path}`);
      expectQuotedFromBody(analysis, cashtags);
      // Counted by hand from the fixture (title and body); SEC, CEO, US, ETF, $USD, $100
      // and "Apple" are in the coin list or look like tickers, and are not coins here.
      expect(analysis.tickers).toEqual([
        { symbol: "SOL", name: "Solana", mentions: 7, solana: true, token: true },
        { symbol: "BONK", name: "Bonk", mentions: 3, solana: true, token: false },
        { symbol: "WIF", name: "dogwifhat", mentions: 3, solana: true, token: false },
        { symbol: "JUP", name: "Jupiter", mentions: 2, solana: true, token: false },
        { symbol: "BTC", name: "Bitcoin", mentions: 2, solana: false, token: true },
        { symbol: "ONDO", name: "Ondo", mentions: 2, solana: false, token: false },
        { symbol: "ETH", name: "Ethereum", mentions: 1, solana: false, token: true },
      ]);
    });
  });

  describe("failures", () => {
    it.each([
      ["/missing", "answered HTTP 404 (not found)"],
      ["/server-error", "answered HTTP 500"],
      ["/plain", "it is not a web page (text/plain)"],
    ])("answers %s with 502 'Analysis failed: <why>'", async (path, why) => {
      const response = await analyse(`${site.origin}${path}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe("bad_gateway");
      expect(response.json().error.message).toMatch(/^Analysis failed: /);
      expect(response.json().error.message).toContain(why);
    });

    it("keeps a page's failure 10 minutes: asked again, the page is not fetched again", async () => {
      for (let i = 0; i < 3; i++) expect((await analyse(`${site.origin}/server-error`)).statusCode).toBe(502);
      expect(site.count("/server-error")).toBe(1);
    });

    it.each([
      ["", "querystring.url: url is required"],
      ["javascript:alert(1)", "bloomberg.com and wsj.com pages are not analysed"],
      ["ftp://example.com/a", "url must be an http(s) article address"],
      ["https://www.bloomberg.com/news/articles/x", "bloomberg.com and wsj.com pages are not analysed"],
      ["https://example.com/\u0000", "Must not contain control characters"],
      [`https://example.com/${"x".repeat(2100)}`, "url must be at most 2048 characters"],
    ])("refuses %j with 400", async (url, message) => {
      const response = await analyse(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(site.count()).toBe(0);
    });
  });

  describe("the cache", () => {
    it("answers the second ask from the cache, kept 24 hours: the page is fetched once", async () => {
      const url = `${site.origin}${newsSite.path}`;
      const first = await ok(url);
      const second = await ok(url);
      expect(second).toEqual(first);
      expect(site.count(newsSite.path)).toBe(1);
      expect(await keptFor(handle.database, url)).toBe(ANALYSIS_CACHE_MS);
      // A #fragment is the same page.
      expect(await ok(`${url}#comments`)).toEqual(first);
      expect(site.count(newsSite.path)).toBe(1);
    });

    it("fetches and answers a very long address as it is, keeping it under a shortened key", async () => {
      const path = `/long/${"a".repeat(2_040 - site.origin.length - "/long/".length)}`;
      const url = `${site.origin}${path}`;
      expect(url).toHaveLength(2_040);
      site.route(path, html(newsSite.html));
      const analysis = await ok(url);
      expect(analysis.url).toBe(url);
      expect(analysis.story_title).toBe("Stablecoin payments hit a record in October");
      expect(site.count(path)).toBe(1);
      expect(await ok(`${url}#top`)).toEqual(analysis);
      expect(site.count(path)).toBe(1);
      const [row] = await handle.database.db.selectFrom("analysis_cache").select("url").execute();
      expect(row?.url.length).toBeLessThanOrEqual(2_000);
      expect(row?.url).toMatch(/#sha256=[0-9a-f]{64}$/);
    });

    it("is shared by every process on the database", async () => {
      const url = `${site.origin}${blogPost.path}`;
      const first = await ok(url);
      const other = await otherProcess();
      try {
        const response = await other.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}` });
        expect(response.json()).toEqual(first);
        expect(site.count(blogPost.path)).toBe(1);
      } finally {
        await other.close();
      }
    });

    it("lets simultaneous asks share one analysis in a process, and two processes write the same address without error", async () => {
      const url = `${site.origin}${german.path}`;
      const other = await otherProcess();
      try {
        const asks = [app, other].flatMap((instance) =>
          Array.from({ length: 4 }, (_, i) =>
            instance.inject({
              method: "GET",
              url: `/api/analysis?url=${encodeURIComponent(url)}`,
              remoteAddress: `203.0.113.${i + 1}`,
            }),
          ),
        );
        const answers = await Promise.all(asks);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        const titles = new Set(answers.map((answer) => answer.json().story_title));
        expect(titles.size).toBe(1);
        // One fetch per process at most: the second ask in a process waits for the first.
        expect(site.count(german.path)).toBeGreaterThanOrEqual(1);
        expect(site.count(german.path)).toBeLessThanOrEqual(2);
        const rows = await handle.database.db.selectFrom("analysis_cache").selectAll().execute();
        expect(rows.map((row) => row.url)).toEqual([url]);
      } finally {
        await other.close();
      }
    });
  });

  describe("analyses in hand at once", () => {
    const BUSY = {
      code: "unavailable",
      message: "Analysis failed: Gemwire is busy analysing other pages; try again in a minute",
    };
    /** The new analyses counted against an asker's rate limit (0 when never charged). */
    const charged = async (asker: string) => {
      const row = await handle.database.db
        .selectFrom("rate_limits")
        .select("hits")
        .where("key", "=", `analysis:${asker}`)
        .executeTakeFirst();
      return row?.hits ?? 0;
    };
    /** Waits until `count` requests are held at /slow (each holds one slot until released). */
    const holding = async (count: number) => {
      while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const releaseAll = () => {
      for (const release of held.splice(0)) release();
    };

    it(`gives one visitor ${MAX_PAGES_PER_ASKER} at once: the next is 429 uncharged, and a member on their network still gets theirs`, async () => {
      const stranger = { remoteAddress: "198.18.10.1" };
      const waiting = [1, 2].map((n) => analyse(`${site.origin}/slow?stranger=${n}`, stranger));
      await holding(MAX_PAGES_PER_ASKER);
      const refused = await analyse(`${site.origin}${newsSite.path}`, stranger);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: "rate_limited",
        message: "Analysis failed: you already have 2 analyses in progress. Try again in 10 seconds.",
      });
      expect(refused.headers["retry-after"]).toBe("10");
      expect(await charged("ip:198.18.10.1")).toBe(MAX_PAGES_PER_ASKER);
      expect(site.count(newsSite.path)).toBe(0);
      // A member on the same network is another asker.
      const member = await joinAsMember(app, handle.database);
      const asMember = await analyse(`${site.origin}${newsSite.path}`, { ...stranger, cookies: member.cookies });
      expect(asMember.statusCode, asMember.body).toBe(200);
      releaseAll();
      for (const response of await Promise.all(waiting)) expect(response.statusCode).toBe(502);
      // With their analyses done, the visitor may start new ones.
      expect((await analyse(`${site.origin}${german.path}`, stranger)).statusCode).toBe(200);
    });

    it(`keeps ${MAX_PAGES_AT_ONCE - MAX_VISITOR_PAGES} of ${MAX_PAGES_AT_ONCE} for members: strangers together get 503, members go on; past ${MAX_PAGES_AT_ONCE}, 503 for all, nothing charged`, async () => {
      const strangers = Array.from({ length: MAX_VISITOR_PAGES }, (_, i) =>
        analyse(`${site.origin}/slow?visitor=${i}`, { remoteAddress: `198.18.11.${Math.floor(i / 2) + 1}` }),
      );
      await holding(MAX_VISITOR_PAGES);
      const stranger = await analyse(`${site.origin}${newsSite.path}`, { remoteAddress: "198.18.11.100" });
      expect(stranger.statusCode).toBe(503);
      expect(stranger.json().error).toEqual(BUSY);
      expect(await charged("ip:198.18.11.100")).toBe(0);

      const first = await joinAsMember(app, handle.database);
      const members = Array.from({ length: MAX_PAGES_AT_ONCE - MAX_VISITOR_PAGES }, (_, i) =>
        analyse(`${site.origin}/slow?member=${i}`, { remoteAddress: "198.18.11.200", cookies: first.cookies }),
      );
      await holding(MAX_PAGES_AT_ONCE);
      const second = await joinAsMember(app, handle.database);
      const full = await analyse(`${site.origin}${newsSite.path}`, {
        remoteAddress: "198.18.11.201",
        cookies: second.cookies,
      });
      expect(full.statusCode).toBe(503);
      expect(full.json().error).toEqual(BUSY);
      expect(await charged(`member:${second.id}`)).toBe(0);
      expect(site.count(newsSite.path)).toBe(0);
      // Already kept, an analysis answers however busy the process is.
      await storeOutcome(
        handle.database,
        `${site.origin}/kept`,
        { failure: { status: 502, message: "Analysis failed: kept" } },
        Date.now(),
        Date.now() + 60_000,
      );
      expect((await analyse(`${site.origin}/kept`)).json().error.message).toBe("Analysis failed: kept");
      releaseAll();
      for (const response of await Promise.all([...strangers, ...members])) {
        expect(response.json().error.message).toContain("HTTP 404");
      }
    });

    it("lets an ask join an analysis of the same address already running, free, without a slot of its own", async () => {
      const url = `${site.origin}/slow?shared`;
      const starter = analyse(url, { remoteAddress: "198.18.12.1" });
      await holding(1);
      // The second asker already holds their share elsewhere; joining takes no slot and no charge.
      const busyElsewhere = [1, 2].map((n) =>
        analyse(`${site.origin}/slow?own=${n}`, { remoteAddress: "198.18.12.2" }),
      );
      await holding(1 + MAX_PAGES_PER_ASKER);
      const joined = analyse(url, { remoteAddress: "198.18.12.2" });
      // Refused a slot, it would be answered 429 at once; joined, it waits for the page.
      const early = await Promise.race([
        joined.then((response) => response.statusCode),
        new Promise((resolve) => setTimeout(() => resolve("waiting"), 200)),
      ]);
      expect(early).toBe("waiting");
      releaseAll();
      const [first, second] = await Promise.all([starter, joined]);
      expect(second.statusCode).toBe(502);
      expect(second.json()).toEqual(first.json());
      expect(site.count("/slow")).toBe(1 + MAX_PAGES_PER_ASKER);
      expect(await charged("ip:198.18.12.1")).toBe(1);
      expect(await charged("ip:198.18.12.2")).toBe(MAX_PAGES_PER_ASKER);
      await Promise.all(busyElsewhere);
    });

    it("gives the slot back when the rate limit refuses an asker, and lets another asking the same page start it", async () => {
      const asker = { remoteAddress: "198.18.13.1" };
      for (let i = 0; i < 20; i++) expect((await analyse(`${site.origin}/missing?q=${i}`, asker)).statusCode).toBe(502);
      // Each refusal gives its slot back: the third is refused by the rate limit again, not for slots in hand.
      for (let i = 0; i < MAX_PAGES_PER_ASKER + 1; i++) {
        const refused = await analyse(`${site.origin}${blogPost.path}`, asker);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.message).toMatch(/too many new analyses from you/);
      }
      // The same new page asked at once by the refused asker and another: the other's ask analyses it.
      const [mine, theirs] = await Promise.all([
        analyse(`${site.origin}${newsSite.path}`, asker),
        analyse(`${site.origin}${newsSite.path}`, { remoteAddress: "198.18.13.2" }),
      ]);
      // The other's ask is never handed the refused asker's 429, and the page is read once.
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(site.count(newsSite.path)).toBe(1);
      // The refused asker is refused when its ask came first, or joined the other's for free when
      // it came second (two requests at once arrive in either order on a busy machine).
      expect(mine.statusCode === 429 || (mine.statusCode === 200 && mine.json().url === theirs.json().url)).toBe(true);
      expect(site.count(blogPost.path)).toBe(0);
    });
  });

  it("forgets expired analyses in the hourly maintenance", async () => {
    const now = Date.now();
    const failure = { failure: { status: 502, message: "Analysis failed: x" } };
    await storeOutcome(handle.database, "https://old.example/a", failure, now - 25 * 3_600_000, now - 3_600_000);
    await storeOutcome(handle.database, "https://fresh.example/a", failure, now, now + 3_600_000);
    await runMaintenance(
      {
        database: handle.database,
        dataDir: "/nonexistent",
        accountPurgeMs: 30 * 86_400_000,
        holder: "test",
        log: createLogger({ logLevel: "silent" }),
      },
      now,
    );
    const left = await handle.database.db.selectFrom("analysis_cache").select("url").execute();
    expect(left.map((row) => row.url)).toEqual(["https://fresh.example/a"]);
  });

  describe("the rate limit", () => {
    // Missing pages fail at once (no page to read), and each new address is a new analysis.
    const missing = (i: number) => `${site.origin}/missing?n=${i}`;

    it("allows 20 new analyses a minute per address, with a clear 429, while kept analyses still answer", async () => {
      const address = { remoteAddress: "198.18.7.1" };
      const article = `${site.origin}${newsSite.path}`;
      expect((await analyse(article, address)).statusCode).toBe(200);
      for (let i = 0; i < 19; i++) expect((await analyse(missing(i), address)).statusCode).toBe(502);
      const refused = await analyse(missing(19), address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(
        /^Analysis failed: too many new analyses from you\. Try again in \d+ seconds\.$/,
      );
      expect(refused.headers["retry-after"]).toEqual(expect.any(String));
      expect(site.count("/missing")).toBe(19);
      // Kept outcomes are free: the analysis, and a failure.
      expect((await analyse(article, address)).statusCode).toBe(200);
      expect((await analyse(missing(3), address)).statusCode).toBe(502);
      expect(site.count()).toBe(20);
      // Another address has its own allowance.
      expect((await analyse(missing(19), { remoteAddress: "198.18.7.2" })).statusCode).toBe(502);
    });

    it("counts a member by account: a stranger on the member's network cannot use up their analyses", async () => {
      const member = await joinAsMember(app, handle.database);
      const shared = "198.18.8.1";
      for (let i = 0; i < 20; i++) await analyse(missing(100 + i), { remoteAddress: shared });
      expect((await analyse(missing(200), { remoteAddress: shared })).statusCode).toBe(429);
      const asMember = await analyse(`${site.origin}${newsSite.path}`, {
        remoteAddress: shared,
        cookies: member.cookies,
      });
      expect(asMember.statusCode).toBe(200);
    });
  });

  describe("blog posts", () => {
    const post = {
      id: "post-analysis",
      slug: "why-we-read-the-whitepaper",
      title: "Why we read the whitepaper first",
      excerpt: "Before any token, the document.",
      content: [
        "Every token we cover starts with its whitepaper, because the document shows what the team promised before any marketing began.",
        "A whitepaper that cannot explain where the token's value comes from is the clearest warning sign we know.",
        "We also compare the whitepaper with the code the team actually shipped, since the two often drift apart after launch.",
        "Readers ask why we spend hours on documents that few investors read, and the answer is that the whitepaper is the promise.",
      ].join("\n\n"),
      updated_at: 1,
    };

    beforeAll(async () => {
      await storeBlogPost(handle.database, post);
    });

    it("analyses a post from its stored text, fetching nothing", async () => {
      const analysis = await ok(`/blog/${post.slug}`);
      expect(site.count()).toBe(0);
      expect(analysis.story_title).toBe(post.title);
      expect(analysis.url).toBe(`/blog/${post.slug}`);
      expect(analysis.key_points).toHaveLength(3);
      for (const { text, position } of analysis.key_points) {
        expect(post.content.slice(position as number, (position as number) + text.length)).toBe(text);
      }
    });

    it("analyses an edited post afresh", async () => {
      const before = await ok(`/blog/${post.slug}`);
      await handle.database.db
        .updateTable("blog_posts")
        .set({ title: "Why we always read the whitepaper first", updated_at: 2 })
        .where("id", "=", post.id)
        .execute();
      const after = await ok(`/blog/${post.slug}`);
      expect(before.story_title).toBe(post.title);
      expect(after.story_title).toBe("Why we always read the whitepaper first");
    });

    it("answers 404 for a post that does not exist", async () => {
      const response = await analyse("/blog/no-such-post");
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Analysis failed: Post not found");
    });
  });
});

describe("tickers while the price API's coin list cannot be had", () => {
  it("uses Gemwire's own coins, and asks the price API again only later", async () => {
    const site = await startSite();
    const prices = await startPriceApi();
    prices.answerList((_, response) => {
      response.writeHead(500);
      response.end();
    });
    const [target] = testDatabaseTargets();
    if (!target) throw new Error("no test database");
    const handle = await openTestDatabase(target);
    const app = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: prices.baseUrl },
      analysis: { pageFetch: LOCAL_PAGES },
    });
    try {
      const response: Response = await app.inject({
        method: "GET",
        url: `/api/analysis?url=${encodeURIComponent(`${site.origin}${cashtags.path}`)}`,
      });
      expect(response.statusCode).toBe(200);
      // ONDO is only in the coin list: without it, only Gemwire's own coins are found.
      expect(response.json().tickers.map((ticker: { symbol: string }) => ticker.symbol)).toEqual([
        "SOL",
        "BONK",
        "WIF",
        "JUP",
        "BTC",
        "ETH",
      ]);
      await app.inject({
        method: "GET",
        url: `/api/analysis?url=${encodeURIComponent(`${site.origin}${newsSite.path}`)}`,
      });
      expect(prices.count("/api/v3/coins/list")).toBe(1);
      // Made without the coin list, the analyses are kept only until it may be back.
      for (const page of [cashtags, newsSite]) {
        expect(await keptFor(handle.database, `${site.origin}${page.path}`)).toBe(FAILURE_CACHE_MS);
      }
    } finally {
      await app.close();
      await handle.dispose();
      await site.close();
      await prices.close();
    }
  });
});
