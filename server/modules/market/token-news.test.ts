import { beforeAll, describe, expect, it } from "vitest";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";

const now = Date.now();
const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem>) =>
  testItem(id, hoursAgo, now, { description: "", ...extra });

const longText = `BTC ${"and the market moved sideways again ".repeat(20)}`;

describe.each(testDatabaseTargets())("/api/tokens/:symbol/news on $dialect", (target) => {
  const setup = useTestApp(target);

  beforeAll(async () => {
    await upsertArticles(
      setup.database,
      "news",
      [
        item("n6", 0.5, { title: "Long read", description: longText }),
        item("n1", 1, { title: "Bitcoin tops $100,000 as ETF inflows surge", source: "CoinDesk" }),
        item("n2", 2, { title: "Bitcoin tops $100,000 as ETF inflows soar", source: "Decrypt" }),
        item("n3", 3, { title: "Markets wrap", description: "Traders bought $btc and ETH today" }),
        item("n4", 4, { title: "Bitcoinist weekly roundup", description: "A new solution for wallets" }),
        item("n5", 5, { title: "Ada Lovelace day celebrated", description: "The method of the first programmer" }),
      ],
      now,
    );
    await upsertArticles(
      setup.database,
      "bitcoin",
      [
        // The same article on another feed: listed once.
        item("b1", 7, { title: "Markets wrap", description: "Traders bought $btc", link: "https://news.example/n3" }),
        item("b2", 8, { title: "BTC miners sell", source: "The Block" }),
      ],
      now,
    );
  });

  const news = async (url: string) => setup.app.inject({ method: "GET", url });

  it("lists the articles that name the token, newest first, once per link, with their stories", async () => {
    const answer = await news("/api/tokens/btc/news");
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json();
    expect(items.map((entry: { id: string }) => entry.id)).toEqual(["n6", "n1", "n2", "n3", "b2"]);
    expect(items.map((entry: { feed: string }) => entry.feed)).toEqual(["news", "news", "news", "news", "bitcoin"]);

    const { stories } = (await news("/api/stories?feed=news")).json();
    expect(stories).toHaveLength(1);
    const story = { id: stories[0].id, title: "Bitcoin tops $100,000 as ETF inflows soar", feed: "news" };
    expect(items[1].story).toEqual(story);
    expect(items[2].story).toEqual(story);
    expect(items[0].story).toBeNull();
    expect(items[4].story).toBeNull();

    expect(items[0].description.length).toBeLessThanOrEqual(300);
    expect(items[0].description).toMatch(/…$/);
    expect(items[1]).toEqual(
      expect.objectContaining({
        title: "Bitcoin tops $100,000 as ETF inflows surge",
        link: "https://news.example/n1",
        source: "CoinDesk",
        votes: { up: 0, down: 0 },
        pubDate: new Date(now - 3_600_000).toISOString(),
      }),
    );
  });

  it("honours the limit, and matches other tokens by symbol and name only as whole words", async () => {
    const limited = (await news("/api/tokens/BTC/news?limit=2")).json().items;
    expect(limited.map((entry: { id: string }) => entry.id)).toEqual(["n6", "n1"]);
    const eth = (await news("/api/tokens/eth/news")).json().items;
    expect(eth.map((entry: { id: string }) => entry.id)).toEqual(["n3"]);
    // "Ada Lovelace" is not Cardano; "solution" is not SOL.
    expect((await news("/api/tokens/ADA/news")).json()).toEqual({ items: [] });
    expect((await news("/api/tokens/SOL/news")).json()).toEqual({ items: [] });
  });

  it("answers 404 'Token not found' for other tokens and 400 for bad input, changing nothing", async () => {
    const count = async () =>
      Number(
        (
          await setup.database.db
            .selectFrom("articles")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const unknown = await news("/api/tokens/PEPE/news");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "not_found", message: "Token not found" });
    for (const url of [
      "/api/tokens/BTC/news?limit=5000",
      "/api/tokens/BTC/news?limit=0",
      "/api/tokens/BTC/news?limit=ten",
      "/api/tokens/BT%00C/news",
    ]) {
      const answer = await news(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.message, url).toMatch(/limit|control characters/);
    }
    expect(await count()).toBe(before);
  });
  it("builds one list per token, shared by every limit and by requests arriving together", async () => {
    const ids = (answer: { json: () => { items: Array<{ id: string }> } }) =>
      answer.json().items.map((entry) => entry.id);
    const answers = await Promise.all([1, 2, 3, 4, 50].map((limit) => news(`/api/tokens/BTC/news?limit=${limit}`)));
    const longest = ids(answers[4] as (typeof answers)[number]);
    answers.forEach((answer, i) => {
      expect(ids(answer)).toEqual(longest.slice(0, [1, 2, 3, 4, 50][i]));
    });
    // A new mention shows up once the kept list expires, not by asking another limit.
    await upsertArticles(setup.database, "news", [item("n7", 0.1, { title: "BTC breaks out" })], Date.now());
    expect(ids(await news("/api/tokens/BTC/news?limit=7"))).toEqual(longest.slice(0, 7));
  });

  it("reads the articles' coin tags, not their text", async () => {
    const { db } = setup.database;
    await upsertArticles(
      setup.database,
      "news",
      [
        item("d1", 9, { title: "Dogecoin jumps" }),
        item("d2", 10, { title: "Meme coins", description: "DOGE and friends" }),
        item("d3", 11, { title: "A quiet day" }),
      ],
      now,
    );
    // Tags decide: one article's tags say otherwise than its text, another is tagged by hand.
    await db.updateTable("articles").set({ coins: "" }).where("item_id", "=", "d2").execute();
    await db.updateTable("articles").set({ coins: ",ETH,DOGE," }).where("item_id", "=", "d3").execute();
    const items = (await news("/api/tokens/DOGE/news")).json().items;
    expect(items.map((entry: { id: string }) => entry.id)).toEqual(["d1", "d3"]);
    expect(items.map((entry: { coins: string[] }) => entry.coins)).toEqual([["DOGE"], ["ETH", "DOGE"]]);
  });
});
