import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_CACHE_MS } from "../../../contracts/analysis-catalog.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { MAX_PAGES_AT_ONCE, MAX_PAGES_PER_ASKER, MAX_VISITOR_PAGES } from "../pages/page-slots.ts";
import { type AnalysisSite, useAnalysisSite } from "./fixtures/analysis-site.ts";
import { blogPost, german, newsSite } from "./fixtures/index.ts";
import { html, keptFor, type TestSite } from "./fixtures/site.ts";
import { storeOutcome } from "./repository.ts";

/*
 * GET /api/analysis (setup: fixtures/analysis-site.ts): the cache (kept 24 hours, shared
 * by every process), simultaneous asks, the analyses in hand at once, and what an asker
 * is charged against the rate limit.
 */

describe.each(testDatabaseTargets())("article analysis on $dialect: cache, races, slots and charging", (target) => {
  const analysis = useAnalysisSite(target);
  const { held, analyse, otherProcess, ok } = analysis;
  let site: TestSite;
  let handle: AnalysisSite["handle"];
  let app: FastifyInstance;
  beforeAll(() => {
    ({ site, handle, app } = analysis);
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
});
