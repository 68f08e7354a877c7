import { describe, expect, it } from "vitest";
import type { FeedItem } from "../../../contracts/feeds.ts";
import type { Story } from "../../../contracts/stories.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";

const now = Date.now();
const item = (id: string, hoursAgo: number, title: string, host: string) =>
  testItem(id, hoursAgo, now, { title, link: `https://${host}/${id}`, source: host, description: "" });

const OUTAGE = "Solana outage halts block production for four hours";
const ETF = "Spot Solana ETF approved by regulators after long review";

describe.each(testDatabaseTargets())("search folded by story on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "news",
        [
          // One story, four outlets; its matches are not next to each other in match order.
          item("a1", 1, "Solana network outage halts block production for four hours", "decrypt.co"),
          item("a2", 3, "Solana outage halts block production for 4 hours", "theblock.co"),
          item("a3", 6, OUTAGE, "coindesk.com"),
          item("a4", 6.5, "Solana outage halts block production for four hours straight", "cointelegraph.com"),
          // Singles, each its own result.
          item("s1", 2, "Solana Foundation hires a new chief economist", "news.example"),
          item("s2", 4, "Why Solana memecoins keep beating traders' bets", "news.example"),
          item("s3", 5, "Court rules in Solana validator lawsuit", "news.example"),
          item("s5", 8, "Solana developers ship a faster token standard", "news.example"),
        ],
        now,
      );
      await upsertArticles(
        database,
        "bitcoin",
        [
          // A second story, from another feed.
          item("e1", 7, ETF, "coindesk.com"),
          item("e2", 7.5, "Spot Solana ETF approved by regulators after a long review", "decrypt.co"),
        ],
        now,
      );
    },
  });

  const search = async (q: string): Promise<FeedItem[]> => {
    const response = await setup.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return response.json().results;
  };
  /** The id /api/stories?feed=gemwire gives the story with this article. */
  const storyId = async (articleId: string) => {
    const { stories } = (await setup.app.inject({ method: "GET", url: "/api/stories?feed=gemwire" })).json();
    const story = (stories as Story[]).find((each) => each.articles.some((article) => article.id === articleId));
    return (story as Story).id;
  };

  it("answers at most 5 stories: each story's matches together, earliest first, in best-match order", async () => {
    const results = await search("solana");
    const [outage, etf] = [await storyId("a3"), await storyId("e1")];
    expect(results.map((result) => [result.id, result.story])).toEqual([
      ["a4", outage],
      ["a3", outage],
      ["a2", outage],
      ["a1", outage],
      ["s1", null],
      ["s2", null],
      ["s3", null],
      ["e2", etf],
      ["e1", etf],
    ]);
    // The sixth match in order (s5, the oldest) makes a sixth group: left out.
    expect(new Set(results.map((result) => result.story ?? result.id)).size).toBe(5);
  });

  it("still answers each link once, and one article alone when only it matches", async () => {
    const results = await search("beating traders");
    expect(results.map((result) => [result.id, result.story])).toEqual([["s2", null]]);
    const outage = await search("for 4 hours");
    expect(outage.map((result) => result.id)).toEqual(["a2"]);
    expect(outage[0]?.story).toBe(await storyId("a3"));
  });
});
