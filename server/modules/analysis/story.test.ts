import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoryAnalysis } from "../../../contracts/analysis-catalog.ts";
import type { Story } from "../../../contracts/stories.ts";
import { useTestApp } from "../../test/app.ts";
import { articleAppOptions } from "../../test/article-site.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { cashtags } from "./fixtures/index.ts";
import { startPriceApi, startSite, type TestSite } from "./fixtures/site.ts";

/*
 * GET /api/analysis/story: a story is analysed from its lead article, the first of its
 * articles that can be analysed and read, and its tickers are counted across all of its
 * articles' stored titles and descriptions too.
 */

describe.each(testDatabaseTargets())("story analysis on $dialect", (target) => {
  let site: TestSite;
  let prices: Awaited<ReturnType<typeof startPriceApi>>;
  const stories: Record<string, string> = {};

  // Registered before the app's, so the servers close after the app.
  afterAll(async () => {
    await site.close();
    await prices.close();
  });
  const setup = useTestApp(target, async () => {
    site = await startSite();
    prices = await startPriceApi();
    return {
      ...articleAppOptions(prices),
      seed: async (database) => {
        const now = Date.now();
        const item = (id: string, hoursAgo: number, title: string, link: string, description: string) =>
          testItem(id, hoursAgo, now, { title, link, description, source: new URL(link).hostname + id });
        await upsertArticles(
          database,
          "news",
          [
            item(
              "m1",
              5,
              "Solana memecoins have their busiest week as BONK leads",
              "https://www.bloomberg.com/news/solana-memecoins",
              "BONK and WIF led the rally.",
            ),
            item(
              "m2",
              4,
              "Solana memecoins have their busiest week as BONK leads the rally",
              `${site.origin}/missing-story`,
              "Traders bought $WIF and $BONK.",
            ),
            item(
              "m3",
              3,
              "Solana memecoins have their busiest week, BONK leads",
              `${site.origin}${cashtags.path}`,
              "Jupiter (JUP) volumes rose.",
            ),
            item(
              "f1",
              6,
              "Central bank holds rates steady as inflation cools",
              "https://www.wsj.com/articles/rates",
              "x",
            ),
            item("f2", 5, "Central bank holds rates steady as inflation cools off", "https://bloomberg.com/rates", "y"),
            // Links into private networks: never analysed.
            item("p1", 6, "Exchange pauses withdrawals after a hot wallet breach", "http://10.0.0.8/breach", "x"),
            item("p2", 5, "Exchange pauses withdrawals after hot wallet breach", "http://192.168.1.20/breach", "y"),
          ],
          now,
        );
      },
    };
  });
  beforeAll(async () => {
    const listed: Story[] = (await setup.app.inject({ url: "/api/stories?sort=date" })).json().stories;
    for (const story of listed) stories[story.articles[0]?.id ?? ""] = story.id;
  });

  const analyseStory = (story: string, remoteAddress = "203.0.113.50") =>
    setup.app.inject({ url: `/api/analysis/story?story=${encodeURIComponent(story)}`, remoteAddress });

  it("analyses the first article it can read, and counts tickers across every article of the story", async () => {
    const response = await analyseStory(stories.m1 as string, "203.0.113.51");
    expect(response.statusCode, response.body).toBe(200);
    const analysis: StoryAnalysis = response.json();
    // m1 is a bloomberg.com page (never analysed), m2's page is missing: m3 leads.
    expect(analysis.lead).toBe(`${site.origin}${cashtags.path}`);
    expect(analysis.url).toBe(analysis.lead);
    expect(analysis.articles).toBe(3);
    expect(analysis.story_title).toBe("Memecoins on Solana have their busiest week since March");
    expect(analysis.key_points.length).toBeGreaterThanOrEqual(3);
    // The lead's text (SOL 7, BONK 3, WIF 3, JUP 2, BTC 2, ONDO 2, ETH 1), plus three
    // titles (Solana and BONK each) and the descriptions (BONK 2, WIF 2, JUP 1).
    expect(analysis.tickers.map((ticker) => [ticker.symbol, ticker.mentions])).toEqual([
      ["SOL", 10],
      ["BONK", 8],
      ["WIF", 5],
      ["JUP", 3],
      ["BTC", 2],
      ["ONDO", 2],
      ["ETH", 1],
    ]);
    expect(site.count("/missing-story")).toBe(1);
    expect(site.count(cashtags.path)).toBe(1);
    // Two new analyses (the missing page's and the lead's) for one story: charged once.
    const charged = await setup.database.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", "analysis:ip:203.0.113.51")
      .execute();
    expect(charged).toEqual([{ hits: 1 }]);
  });

  it("answers again from what is kept: no page is fetched twice", async () => {
    const again = await analyseStory(stories.m1 as string);
    expect(again.statusCode).toBe(200);
    expect(site.count("/missing-story")).toBe(1);
    expect(site.count(cashtags.path)).toBe(1);
  });

  it("shares the lead's analysis with GET /api/analysis", async () => {
    const single = await setup.app.inject({
      url: `/api/analysis?url=${encodeURIComponent(`${site.origin}${cashtags.path}`)}`,
    });
    expect(single.statusCode).toBe(200);
    expect(site.count(cashtags.path)).toBe(1);
  });

  it("answers 422 (asking again will not help) for a story none of whose articles can be analysed", async () => {
    const response = await analyseStory(stories.f1 as string);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: "invalid_request",
      message:
        "Analysis failed: none of this story's articles can be analysed (bloomberg.com and wsj.com pages are not)",
    });
  });

  it("answers 422 for a story whose articles all lead into private networks, fetching nothing", async () => {
    const hitsBefore = site.count();
    const response = await analyseStory(stories.p1 as string);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: "invalid_request",
      message:
        "Analysis failed: none of this story's articles can be analysed (the address points into a private or local network, which Gemwire never analyses)",
    });
    expect(site.count()).toBe(hitsBefore);
  });

  it("keeps 502 (worth retrying) when the story's pages could not be fetched", async () => {
    await setup.database.db.deleteFrom("analysis_cache").execute();
    // The page read the analysis shares with the reader view is kept apart.
    await setup.database.db.deleteFrom("reader_cache").execute();
    site.route(cashtags.path, (_, response) => {
      response.writeHead(503, { "content-type": "text/html" });
      response.end("<html><body>Down for maintenance</body></html>");
    });
    const response = await analyseStory(stories.m1 as string);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      `Analysis failed: ${new URL(site.origin).host} answered HTTP 404 (not found)`,
    );
  });

  it("answers 404 for a story that is not there", async () => {
    const response = await analyseStory("story-999999");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(
      "Analysis failed: there is no story story-999999 in the gemwire stories of the last 48 hours",
    );
  });

  it.each([
    ["", "querystring.story: story is required"],
    ["story-1\u0000", "querystring.story: Must not contain control characters"],
    ["x".repeat(201), "querystring.story: story must be a story's id"],
  ])("refuses story=%j with 400", async (story, message) => {
    const response = await analyseStory(story);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });
});
