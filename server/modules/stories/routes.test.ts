import { describe, expect, it } from "vitest";
import type { Story } from "../../../contracts/stories.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { storyCacheStats } from "./service.ts";

const now = Date.now();
const item = (id: string, hoursAgo: number, title: string, host: string) =>
  testItem(id, hoursAgo, now, { title, link: `https://${host}/${id}`, source: host, description: `About ${id}` });

const RECORD = "Bitcoin hits record high as spot ETF inflows top $1.2 billion";
const OUTAGE = "Solana outage halts block production for four hours";

describe.each(testDatabaseTargets())("GET /api/stories on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "bitcoin",
        [
          item("b1", 5, RECORD, "coindesk.com"),
          item("b2", 4, "Bitcoin hits new record high as ETF inflows top $1.2 billion", "theblock.co"),
          item("b3", 2, "Miners move coins to exchanges after difficulty jump", "coindesk.com"),
          item("b4", 2.5, OUTAGE, "coindesk.com"),
          // Outside the 48-hour window: similar, but not part of any story.
          item("b5", 60, "Bitcoin hits record high as spot ETF inflows top $1.1 billion", "old.example"),
          // The same host and title as b1, later: a duplicate, not a second source.
          item("b6", 3, RECORD, "coindesk.com"),
        ],
        now,
      );
      await upsertArticles(
        database,
        "news",
        [
          item("n1", 3, "Bitcoin sets record high as spot ETF inflows top $1.2B", "decrypt.co"),
          item("n2", 1.5, "Solana outage halts block production for 4 hours", "theblock.co"),
          item("n3", 0.5, "Solana network outage halts block production for four hours", "decrypt.co"),
          item("n4", 0.2, "Solana network outage halts block production for four hours", "cointelegraph.com"),
        ],
        now,
      );
    },
  });

  const stories = async (query: string, cookies?: Record<string, string>): Promise<Story[]> => {
    const response = await setup.app.inject({
      method: "GET",
      url: `/api/stories${query}`,
      ...(cookies ? { cookies } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json().stories;
  };
  const ids = (story: Story) => story.articles.map((article) => article.id);

  it("clusters each feed on its own", async () => {
    const bitcoin = await stories("?feed=bitcoin");
    expect(bitcoin.map(ids)).toEqual([["b1", "b2"]]);
    const news = await stories("?feed=news");
    expect(news.map(ids)).toEqual([["n2", "n3", "n4"]]);
    // A feed with no similar titles has no stories.
    expect(await stories("?feed=youtube")).toEqual([]);
  });

  it("clusters every feed together for gemwire (the default), dropping duplicates and old articles", async () => {
    const all = await stories("");
    const byTitle = new Map(all.map((story) => [story.title, story]));
    expect([...byTitle.keys()].sort()).toEqual([RECORD, OUTAGE].sort());
    const record = byTitle.get(RECORD) as Story;
    expect(ids(record)).toEqual(["b1", "b2", "n1"]);
    expect(record).toMatchObject({ sources: 3, firstSource: "coindesk.com" });
    expect(record.timestamp).toBe(new Date(now - 3 * 3_600_000).toISOString());
    const outage = byTitle.get(OUTAGE) as Story;
    expect(ids(outage)).toEqual(["b4", "n2", "n3", "n4"]);
    expect(outage).toMatchObject({ sources: 4, firstSource: "coindesk.com" });
    expect(outage.articles[0]).toMatchObject({ link: "https://coindesk.com/b4", votes: { up: 0, down: 0 } });
  });

  it("sorts by date (newest story first) or by coverage (most sources first)", async () => {
    const byDate = await stories("?feed=gemwire&sort=date");
    expect(byDate.map((story) => story.title)).toEqual([OUTAGE, RECORD]);
    const byCoverage = await stories("?sort=coverage");
    expect(byCoverage.map((story) => story.sources)).toEqual([4, 3]);
  });

  it("returns at most `limit` stories, the first in the chosen order", async () => {
    const first = await stories("?sort=coverage&limit=1");
    expect(first.map((story) => story.sources)).toEqual([4]);
    const tooMany = await setup.app.inject({ method: "GET", url: "/api/stories?limit=500" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/limit must be a whole number from 1 to 200/);
  });

  it("refuses an unknown sort or feed with a clear error", async () => {
    const badSort = await setup.app.inject({ method: "GET", url: "/api/stories?sort=votes" });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/sort must be date or coverage/),
    });
    const badFeed = await setup.app.inject({ method: "GET", url: "/api/stories?feed=nope" });
    expect(badFeed.statusCode).toBe(400);
  });

  it("keeps the stories until the articles change, then compares only the new titles", async () => {
    await stories("?feed=news");
    const before = storyCacheStats(setup.database, "news");
    await stories("?feed=news&sort=coverage");
    expect(storyCacheStats(setup.database, "news").updates).toBe(before.updates);

    await upsertArticles(
      setup.database,
      "news",
      [item("n5", 0.1, "Miners move coins to exchanges after the difficulty jump", "decrypt.co")],
      now,
    );
    const news = await stories("?feed=news");
    expect(storyCacheStats(setup.database, "news")).toEqual({ updates: before.updates + 1, compared: 1 });
    // A title similar only to an article of another feed makes no story in this feed…
    expect(news.map(ids)).toEqual([["n2", "n3", "n4"]]);
    // …but does across feeds.
    const all = await stories("?sort=date");
    expect(all.map(ids)).toContainEqual(["b3", "n5"]);
  });

  it("notices an edited title even when nothing else about the feed changed", async () => {
    await stories("?feed=news");
    // Same item, same refresh time as before: only the title and its update time differ.
    await upsertArticles(
      setup.database,
      "news",
      [item("n5", 0.1, "Ether staking queue empties as validators return", "decrypt.co")],
      now + 1,
    );
    const all = await stories("?sort=date");
    expect(all.map(ids)).not.toContainEqual(["b3", "n5"]);
    expect(storyCacheStats(setup.database, "gemwire").compared).toBe(1);
  });

  it("ranks Gemwire's top stories by coverage, recency and votes, in the API and the gemwire feed", async () => {
    const leads = async () =>
      (
        (await setup.app.inject({ method: "GET", url: "/api/feeds/gemwire/items?limit=3" })).json().items as Array<{
          id: string;
        }>
      ).map((entry) => entry.id);
    // The outage has more sources and is newer.
    expect((await stories("")).map((story) => story.title)[0]).toBe(OUTAGE);
    expect((await leads()).slice(0, 2)).toEqual(["b4", "b1"]);

    // Members' up-votes on the record story lift it above.
    for (let n = 0; n < 7; n++) {
      const member = await joinAsMember(setup.app, setup.database);
      const vote = await setup.app.inject({
        method: "PUT",
        url: "/api/votes",
        payload: { link: "https://theblock.co/b2", vote: "up" },
        cookies: member.cookies,
      });
      expect(vote.statusCode).toBe(200);
    }
    expect((await stories("")).map((story) => story.title)[0]).toBe(RECORD);
    expect((await leads()).slice(0, 2)).toEqual(["b1", "b4"]);
    const published = (await setup.app.inject({ method: "GET", url: "/feeds/gemwire.json" })).json();
    expect(published.items[0].title).toBe(RECORD);
  });

  it("pages the gemwire feed: the stories' leads, then newest first the articles no story covers", async () => {
    const page = async (query: string) =>
      (await setup.app.inject({ method: "GET", url: `/api/feeds/gemwire/items?${query}` })).json() as {
        items: Array<{ id: string }>;
        next: string | null;
      };
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const body = await page(`limit=1${next ? `&before=${next}` : ""}`);
      seen.push(...body.items.map((entry) => entry.id));
      next = body.next;
    } while (next && seen.length < 50);
    // The stories' leads in rank order; never b6 (a later copy of b1) or the other
    // members; then every other article, newest first, once — the old b5 too (the feed
    // is not windowed).
    const leads = (await stories("")).map((story) => story.articles[0]?.id);
    expect([...leads].sort()).toEqual(["b1", "b4"]);
    expect(seen).toEqual([...leads, "n5", "b3", "b5"]);
    const whole = await page("limit=10");
    expect(whole.items.map((entry) => entry.id)).toEqual(seen);
    expect(whole.next).toBeNull();
  });
});
