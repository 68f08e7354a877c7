import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Reader } from "../../../contracts/reading.ts";
import { openDatabase } from "../../db/connection.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { html, LOCAL_PAGES, startPriceApi, startSite, type TestSite } from "../analysis/fixtures/site.ts";
import { MAX_PAGES_AT_ONCE, MAX_VISITOR_PAGES } from "../analysis/page-slots.ts";
import { insertFavorite } from "../community/repository.ts";
import { upsertArticles } from "../feeds/repository.ts";
import { follow } from "../member-feeds/repository.ts";
import { BODY, JUNK, PAYWALLED_PAGE, RICH_PAGE, SUBSCRIBE_PAGE, TEASER_PAGE } from "./fixtures/pages.ts";
import { READ_FAILURE_MS, READ_KEPT_MS } from "./page-reads.ts";
import { storeRead } from "./repository.ts";
import { NOT_KNOWN, PRIVATE_PAGE, READER_BUSY } from "./service.ts";

/*
 * GET /api/reader on article pages served from 127.0.0.1 (standing for the internet, as
 * in the analysis tests), on both databases: what the view shows, what it refuses, and
 * that one fetch and read serves the reader view and the analysis, across processes.
 * The reader reads only articles Gemwire knows, so each page read here is stored first
 * as an article of a built-in feed (`known`), or kept as the viewer's favorite.
 */

const HOUR = 3_600_000;
/** A member feed's key (as MEMBER_FEED_KEY spells them). */
const MEMBER_FEED = "mf-0123456789ab";

describe.each(testDatabaseTargets())("reader view on $dialect", (target) => {
  let site: TestSite;
  let prices: Awaited<ReturnType<typeof startPriceApi>>;
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const appOptions = () => ({
    env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: prices.baseUrl },
    analysis: { pageFetch: LOCAL_PAGES },
  });
  /** Requests to /slow wait here until the test lets them go (with the rich page). */
  const held: Array<() => void> = [];

  beforeAll(async () => {
    site = await startSite({
      "/rich": html(RICH_PAGE),
      "/rich-2": html(RICH_PAGE),
      "/rich-3": html(RICH_PAGE),
      "/rich-4": html(RICH_PAGE),
      "/paywalled": html(PAYWALLED_PAGE),
      "/subscribe": html(SUBSCRIBE_PAGE),
      "/teaser": html(TEASER_PAGE),
      "/plain": html("Just text, not a page.", "text/plain"),
      "/slow": (_, response) => {
        held.push(() => {
          response.setHeader("content-type", "text/html");
          response.end(RICH_PAGE);
        });
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
    for (const table of ["rate_limits", "analysis_cache", "reader_cache"] as const) {
      await handle.database.db.deleteFrom(table).execute();
    }
    site.hits.clear();
  });

  const ask = (url: string, on = app, from: { remoteAddress?: string; cookies?: Record<string, string> } = {}) =>
    on.inject({ method: "GET", url: `/api/reader?url=${encodeURIComponent(url)}`, ...from });
  const read = async (url: string, on = app): Promise<Reader> => {
    const response = await ask(url, on);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const analyse = (url: string, from: { remoteAddress?: string; cookies?: Record<string, string> } = {}) =>
    app.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}`, ...from });
  /** Stores each link as an article of a feed (a built-in one unless told), as a feed refresh would. */
  const known = async (links: string[], feed = "news", updatedAt = Date.now()) => {
    await upsertArticles(
      handle.database,
      feed,
      links.map((link) =>
        testItem(link, 1, updatedAt, {
          link,
          title: `Known page ${link}`,
          source: new URL(link).hostname.replace(/^www\./, ""),
        }),
      ),
      updatedAt,
    );
  };
  const readerRows = async () => handle.database.db.selectFrom("reader_cache").select("url").execute();

  it("shows a member's favorite (its feed has let it go) as blocks of text, with the page's title, author, site and date", async () => {
    const url = `${site.origin}/rich#top`;
    const member = await joinAsMember(app, handle.database);
    const asMember = { cookies: member.cookies };
    expect((await ask(url, app, asMember)).json()).toMatchObject({ status: "failed", reason: NOT_KNOWN });
    await insertFavorite(handle.database, {
      user_id: member.id,
      link: url,
      item_id: "gone",
      title: "Kept",
      description: "",
      image: null,
      source: "harbour.example",
      creator: "",
      published_at: Date.now() - HOUR,
      created_at: Date.now(),
    });
    const response = await ask(url, app, asMember);
    expect(response.statusCode, response.body).toBe(200);
    const reader: Reader = response.json();
    expect(reader).toMatchObject({
      url,
      status: "ok",
      reason: null,
      title: "Harbourline moves its cold wallets",
      outlet: "Harbour Daily",
      publishedAt: "2026-11-20T08:30:00.000Z",
      article: null,
      others: [],
    });
    expect(reader.byline).toContain("Mara Quill");
    expect(reader.blocks.map((block) => block.type)).toContain("heading");
    expect(reader.blocks.map((block) => block.type)).toContain("list");
    expect(reader.blocks.map((block) => block.type)).toContain("quote");
    expect(JSON.stringify(reader.blocks)).toContain(BODY[1]);
    for (const junk of JUNK.filter((item) => item !== "javascript:"))
      expect(JSON.stringify(reader)).not.toContain(junk);
    expect(JSON.stringify(reader)).not.toMatch(/"href":"(?!https?:)/);
    expect(Date.parse(reader.readAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers with the stored article (its feed's outlet, author and date) and the story's other sources", async () => {
    const now = Date.now();
    const link = `${site.origin}/rich-2`;
    const title = "Harbourline exchange moves its cold wallets to a new custody provider";
    await upsertArticles(
      handle.database,
      "news",
      [
        testItem("r1", 2, now, { title, link, source: "harbour.example", creator: "Mara Quill" }),
        testItem("r2", 1, now, {
          title: "Harbourline exchange moves cold wallets to new custody provider",
          link: "https://other.example/r2",
          source: "other.example",
        }),
        testItem("r3", 1, now, { title: "Unrelated solana outage report", link: "https://third.example/r3" }),
      ],
      now,
    );
    const reader = await read(link);
    expect(reader.status).toBe("ok");
    expect(reader).toMatchObject({ title, outlet: "harbour.example", byline: "Mara Quill" });
    expect(reader.publishedAt).toBe(new Date(now - 2 * HOUR).toISOString());
    expect(reader.article).toMatchObject({ link, title, source: "harbour.example" });
    expect(reader.others.map((other) => other.link)).toEqual(["https://other.example/r2"]);
  });

  it("reads only articles Gemwire knows: any other address fails plainly, with nothing fetched, charged or kept", async () => {
    const from = { remoteAddress: "198.18.9.9" };
    const stranger = `${site.origin}/rich?from=attacker`;
    const response = await ask(stranger, app, from);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      url: stranger,
      status: "failed",
      reason: NOT_KNOWN,
      title: new URL(site.origin).hostname,
      blocks: [],
      article: null,
      others: [],
    });
    expect(site.count()).toBe(0);
    expect(await readerRows()).toEqual([]);
    const charges = await handle.database.db.selectFrom("rate_limits").select("key").execute();
    expect(charges.filter((row) => row.key.startsWith("reader:"))).toEqual([]);
    // The analysis still takes any address (issue 16); its read, kept, is still not shown here.
    expect((await analyse(stranger)).statusCode).toBe(200);
    expect(await readerRows()).toEqual([{ url: stranger }]);
    expect((await read(stranger)).reason).toBe(NOT_KNOWN);
    expect(site.count()).toBe(1);
  });

  it("reads a member feed's article only for its followers, and only while members' feeds are on", async () => {
    const link = `${site.origin}/rich-4`;
    await known([link], MEMBER_FEED);
    const follower = await joinAsMember(app, handle.database);
    const stranger = await joinAsMember(app, handle.database);
    expect((await read(link)).reason).toBe(NOT_KNOWN);
    expect((await ask(link, app, { cookies: stranger.cookies })).json().reason).toBe(NOT_KNOWN);
    expect(site.count()).toBe(0);
    const feed = { key: MEMBER_FEED, url: `${site.origin}/feed.xml`, title: "A member's feed", siteUrl: null };
    expect(await follow(handle.database, follower.id, feed, 50, Date.now())).toBe("followed");
    const followed = (await ask(link, app, { cookies: follower.cookies })).json();
    expect(followed).toMatchObject({ status: "ok", article: { link, title: `Known page ${link}` } });
    const off = await buildTestApp(openDatabase(handle.location), {
      ...appOptions(),
      env: { ...appOptions().env, MEMBER_FEEDS: "off" },
    });
    try {
      const response = await ask(link, off, { cookies: follower.cookies });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: "failed", reason: NOT_KNOWN, article: null });
    } finally {
      await off.close();
    }
    expect(site.count()).toBe(1);
  });

  it("finds an article's public copy when a stranger's feed has the newer copy of it", async () => {
    const link = `${site.origin}/rich-3`;
    const now = Date.now();
    await upsertArticles(
      handle.database,
      "news",
      [testItem("public-copy", 1, now, { link, title: "Harbourline custody move, as the news feed has it" })],
      now - HOUR,
    );
    await known([link], MEMBER_FEED, now);
    const reader = await read(link);
    expect(reader.status).toBe("ok");
    expect(reader.article).toMatchObject({ link, title: "Harbourline custody move, as the news feed has it" });
    expect(reader.title).toBe("Harbourline custody move, as the news feed has it");
  });

  it("says why a refused site is not read, without fetching it", async () => {
    await known(["https://www.bloomberg.com/news/articles/x", "https://markets.wsj.com/story"]);
    const reader = await read("https://www.bloomberg.com/news/articles/x");
    expect(reader).toMatchObject({ status: "failed", blocks: [], outlet: "bloomberg.com" });
    expect(reader.reason).toBe(
      "bloomberg.com does not let its articles be read outside its own site, so Gemwire does not fetch them",
    );
    const wsj = await read("https://markets.wsj.com/story");
    expect(wsj.reason).toContain("markets.wsj.com does not let");
  });

  it("never reads a private or local address, nor one that redirects there", async () => {
    await known(["http://10.1.2.3/article", `${site.origin}/to-private`]);
    const reader = await read("http://10.1.2.3/article");
    expect(reader).toMatchObject({ status: "failed", reason: PRIVATE_PAGE, blocks: [] });
    site.route("/to-private", (_, response) => {
      response.writeHead(302, { location: "http://192.168.1.1/x" });
      response.end();
    });
    expect((await read(`${site.origin}/to-private`)).reason).toBe(PRIVATE_PAGE);
  });

  it("says a paywalled page is behind a paywall, and a teaser is too short to read", async () => {
    await known([`${site.origin}/paywalled`, `${site.origin}/subscribe`, `${site.origin}/teaser`]);
    const paywalled = await read(`${site.origin}/paywalled`);
    expect(paywalled).toMatchObject({ status: "failed", blocks: [], title: `Known page ${site.origin}/paywalled` });
    expect(paywalled.reason).toBe("it is behind a paywall: the site says only subscribers can read it");
    expect((await read(`${site.origin}/subscribe`)).reason).toBe(
      "it appears to be behind a paywall: the page asks readers to subscribe to continue",
    );
    expect((await read(`${site.origin}/teaser`)).reason).toMatch(/^only a few lines of text could be read from it/);
  });

  it("says why a page failed, keeps the failure 10 minutes, and the page is not fetched again meanwhile", async () => {
    const host = new URL(site.origin).host;
    await known([`${site.origin}/missing`, `${site.origin}/plain`]);
    const missing = await read(`${site.origin}/missing`);
    expect(missing).toMatchObject({ status: "failed", reason: `${host} answered HTTP 404 (not found)`, blocks: [] });
    expect((await read(`${site.origin}/missing`)).reason).toBe(missing.reason);
    expect(site.count("/missing")).toBe(1);
    const row = await handle.database.db
      .selectFrom("reader_cache")
      .select(["created_at", "expires_at"])
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(READ_FAILURE_MS);
    expect((await read(`${site.origin}/plain`)).reason).toBe("it is not a web page (text/plain)");
  });

  it("refuses a malformed address with a clear 400", async () => {
    const cases: Array<[string, string]> = [
      ["", "url is required"],
      [`${site.origin}/a\u0000b`, ""],
      [`${site.origin}/a\u0007b`, ""],
      ["ftp://example.com/file", "url must be an http(s) address"],
      ["javascript:alert(1)", "url must be an http(s) address"],
      ["/blog/some-post", "url must be an http(s) address"],
      [`https://example.com/${"a".repeat(2100)}`, "url must be at most 2048 characters"],
    ];
    for (const [url, message] of cases) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(400);
      if (message) expect(response.json().error.message).toContain(message);
    }
    expect((await app.inject({ method: "GET", url: "/api/reader" })).statusCode).toBe(400);
    expect(site.count()).toBe(0);
  });

  it("keeps a read 24 hours, shared by every process on the database", async () => {
    await known([`${site.origin}/rich`]);
    await read(`${site.origin}/rich`);
    const other = await buildTestApp(openDatabase(handle.location), appOptions());
    try {
      const again = await read(`${site.origin}/rich`, other);
      expect(again.status).toBe("ok");
      expect(site.count("/rich")).toBe(1);
    } finally {
      await other.close();
    }
    const row = await handle.database.db
      .selectFrom("reader_cache")
      .select(["created_at", "expires_at"])
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(READ_KEPT_MS);
  });

  it("shares one fetch with the analysis: a reader then an analysis, and an analysis then a reader", async () => {
    await known([`${site.origin}/rich`, `${site.origin}/rich-2`]);
    await read(`${site.origin}/rich`);
    const analysis = await analyse(`${site.origin}/rich`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json().key_points.length).toBeGreaterThanOrEqual(3);
    expect(site.count("/rich")).toBe(1);

    const first = await analyse(`${site.origin}/rich-2`);
    expect(first.statusCode, first.body).toBe(200);
    expect((await read(`${site.origin}/rich-2`)).status).toBe("ok");
    expect(site.count("/rich-2")).toBe(1);
  });

  it("lets simultaneous asks for one page, the reader's and the analysis's, in two processes, share one fetch each", async () => {
    const url = `${site.origin}/slow`;
    await known([url]);
    const other = await buildTestApp(openDatabase(handle.location), appOptions());
    const asks = [ask(url), ask(url), analyse(url), ask(url), analyse(url), ask(url, other), ask(url, other)];
    try {
      // One fetch per process at most; both write the same address without error.
      await expect.poll(() => held.length).toBe(2);
      for (const release of held.splice(0)) release();
      const answers = await Promise.all(asks);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.filter((_, i) => i !== 2 && i !== 4).every((answer) => answer.json().status === "ok")).toBe(true);
      expect(site.count("/slow")).toBe(2);
      expect(await handle.database.db.selectFrom("reader_cache").select("url").execute()).toEqual([{ url }]);
    } finally {
      await other.close();
    }
  });
  it("allows 30 new reads a minute per address, with a clear 429, while kept reads still answer", async () => {
    const from = { remoteAddress: "198.18.9.1" };
    const missing = (i: number) => `${site.origin}/missing?n=${i}`;
    await known([`${site.origin}/rich`, ...Array.from({ length: 30 }, (_, i) => missing(i))]);
    expect((await ask(`${site.origin}/rich`, app, from)).statusCode).toBe(200);
    for (let i = 0; i < 29; i++) expect((await ask(missing(i), app, from)).statusCode).toBe(200);
    const refused = await ask(missing(29), app, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many new pages read for you\. Try again in \d+ seconds\.$/);
    expect(refused.headers["retry-after"]).toEqual(expect.any(String));
    // Kept reads are free, a page's and a failure's.
    expect((await ask(`${site.origin}/rich`, app, from)).statusCode).toBe(200);
    expect((await ask(missing(3), app, from)).statusCode).toBe(200);
    expect(site.count()).toBe(30);
    // A member on the same network is counted by account: the stranger cannot lock them out.
    const member = await joinAsMember(app, handle.database);
    expect((await ask(missing(29), app, { ...from, cookies: member.cookies })).statusCode).toBe(200);
  });

  it("lets one asker have only 2 pages being read at once (429), without charging them", async () => {
    const from = { remoteAddress: "198.18.9.2" };
    await known([`${site.origin}/slow?a`, `${site.origin}/slow?b`, `${site.origin}/rich`]);
    const slow = [ask(`${site.origin}/slow?a`, app, from), ask(`${site.origin}/slow?b`, app, from)];
    await expect.poll(() => held.length).toBe(2);
    const third = await ask(`${site.origin}/rich`, app, from);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toMatch(/^You already have 2 pages being read\. Try again in \d+ seconds\.$/);
    // Another visitor is not held up meanwhile.
    expect((await ask(`${site.origin}/rich`, app, { remoteAddress: "198.18.9.3" })).statusCode).toBe(200);
    for (const release of held.splice(0)) release();
    for (const answer of await Promise.all(slow)) expect(answer.json().status).toBe("ok");
  });

  it("takes its slots from the analysis's pool: an asker's analyses count against their reads, and the members' reserve holds", async () => {
    await known([`${site.origin}/rich`]);
    const busy = { remoteAddress: "198.18.12.1" };
    const analyses = [analyse(`${site.origin}/slow?pool=a`, busy), analyse(`${site.origin}/slow?pool=b`, busy)];
    await expect.poll(() => held.length).toBe(2);
    const refused = await ask(`${site.origin}/rich`, app, busy);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(/^You already have 2 pages being read\. Try again in \d+ seconds\.$/);
    // Other visitors' analyses take the rest of what visitors may hold together.
    for (let i = 2; i < MAX_VISITOR_PAGES; i++) {
      analyses.push(analyse(`${site.origin}/slow?pool=${i}`, { remoteAddress: `198.18.13.${i}` }));
    }
    await expect.poll(() => held.length).toBe(MAX_VISITOR_PAGES);
    const visitor = await ask(`${site.origin}/rich`, app, { remoteAddress: "198.18.14.1" });
    expect(visitor.statusCode, visitor.body).toBe(503);
    expect(visitor.json().error.message).toBe(READER_BUSY);
    expect(site.count("/rich")).toBe(0);
    // The members' reserve is the pool's, whichever feature asks.
    expect(MAX_PAGES_AT_ONCE).toBeGreaterThan(MAX_VISITOR_PAGES);
    const member = await joinAsMember(app, handle.database);
    const asMember = await ask(`${site.origin}/rich`, app, { cookies: member.cookies });
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json().status).toBe("ok");
    for (const release of held.splice(0)) release();
    for (const answer of await Promise.all(analyses)) expect(answer.statusCode, answer.body).toBe(200);
  });

  it("has maintenance delete the reads that have expired", async () => {
    const now = Date.now();
    const failure = { failure: { status: 502 as const, reason: "x" } };
    await storeRead(handle.database, "https://old.example/a", failure, now - 25 * HOUR, now - HOUR);
    await storeRead(handle.database, "https://fresh.example/a", failure, now, now + HOUR);
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
    const left = await handle.database.db.selectFrom("reader_cache").select("url").execute();
    expect(left).toEqual([{ url: "https://fresh.example/a" }]);
  });
});
