import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../../contracts/analysis-catalog.ts";
import { useTestApp } from "../../test/app.ts";
import { articleAppOptions } from "../../test/article-site.ts";
import { storeBlogPost } from "../../test/blog-posts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { type AnalysisSite, useAnalysisSite } from "./fixtures/analysis-site.ts";
import { appShell, blogPost, cashtags, type FixturePage, german, newsSite, signInPage } from "./fixtures/index.ts";
import { keptFor, startPriceApi, startSite, type TestSite } from "./fixtures/site.ts";
import { FAILURE_CACHE_MS } from "./service.ts";

/*
 * GET /api/analysis (setup: fixtures/analysis-site.ts): the key points and tickers it
 * finds on the local layouts (a news site, a blog, a German article, pages with no
 * article), and on Gemwire's own blog posts.
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

describe.each(testDatabaseTargets())("article analysis on $dialect: key points and tickers", (target) => {
  const analysis = useAnalysisSite(target);
  const { analyse, ok } = analysis;
  let site: TestSite;
  let handle: AnalysisSite["handle"];
  beforeAll(() => {
    ({ site, handle } = analysis);
  });

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
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  let site: TestSite;
  let prices: Awaited<ReturnType<typeof startPriceApi>>;
  // Registered before the app's, so the servers close after the app.
  afterAll(async () => {
    await site.close();
    await prices.close();
  });
  const setup = useTestApp(target, async () => {
    site = await startSite();
    prices = await startPriceApi();
    prices.answerList((_, response) => {
      response.writeHead(500);
      response.end();
    });
    return articleAppOptions(prices);
  });

  it("uses Gemwire's own coins, and asks the price API again only later", async () => {
    const response: Response = await setup.app.inject({
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
    await setup.app.inject({
      method: "GET",
      url: `/api/analysis?url=${encodeURIComponent(`${site.origin}${newsSite.path}`)}`,
    });
    expect(prices.count("/api/v3/coins/list")).toBe(1);
    // Made without the coin list, the analyses are kept only until it may be back.
    for (const page of [cashtags, newsSite]) {
      expect(await keptFor(setup.database, `${site.origin}${page.path}`)).toBe(FAILURE_CACHE_MS);
    }
  });
});
