import { describe, expect, it } from "vitest";
import { parseFeed } from "../../lib/feed-reader/parse-feed.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { appServingFeed } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

const now = Date.now();
const FEED = `<rss version="2.0"><channel><title>Mixed</title>
  <item><title>Miners sell less bitcoin</title><link>https://news.example/dated</link><pubDate>${new Date(now - 3_600_000).toUTCString()}</pubDate></item>
  <item><title>Ether staking yields slip</title><link>https://news.example/undated</link></item>
</channel></rss>`;

describe.each(testDatabaseTargets())("an article its feed gives no date, on $dialect", (target) => {
  const { ready, get } = appServingFeed(target, "news", () => parseFeed(FEED, { fetchedAt: new Date(now) }), now);

  it("is served as undated, ordered by when Gemwire first saw it", async () => {
    const { items } = (await get("/api/feeds/news/items")).json();
    expect(items.map((item: { title: string; undated: boolean }) => [item.title, item.undated])).toEqual([
      ["Ether staking yields slip", true],
      ["Miners sell less bitcoin", false],
    ]);
    // The fetch time, less one millisecond per item before it in the feed: its place in the feed kept.
    expect(items[0].pubDate).toBe(new Date(now - 1).toISOString());
  });

  it("keeps the flag in search and in a member's favorites", async () => {
    const { results } = (await get("/api/search?q=s")).json();
    expect(results.map((item: { title: string; undated: boolean }) => [item.title, item.undated]).sort()).toEqual([
      ["Ether staking yields slip", true],
      ["Miners sell less bitcoin", false],
    ]);
    const { app, database } = ready();
    const member = await joinAsMember(app, database);
    const favorite = await app.inject({
      method: "PUT",
      url: "/api/favorites",
      payload: { link: "https://news.example/undated" },
      cookies: member.cookies,
    });
    expect(favorite.statusCode).toBe(200);
    const { items } = (await app.inject({ method: "GET", url: "/api/favorites", cookies: member.cookies })).json();
    expect(items.map((item: { undated: boolean }) => item.undated)).toEqual([true]);
  });

  it("is published with no date in RSS and JSON Feed, and reads back undated", async () => {
    const rss = (await get("/feeds/gemwire.xml")).body;
    const undated =
      /<item>(?:(?!<\/item>)[\s\S])*Ether staking yields slip(?:(?!<\/item>)[\s\S])*<\/item>/.exec(rss)?.[0] ?? "";
    expect(undated).not.toContain("<pubDate>");
    const dated =
      /<item>(?:(?!<\/item>)[\s\S])*Miners sell less bitcoin(?:(?!<\/item>)[\s\S])*<\/item>/.exec(rss)?.[0] ?? "";
    expect(dated).toContain("<pubDate>");
    expect(
      parseFeed(rss, { fetchedAt: new Date() })
        .filter((item) => item.link.startsWith("https://news.example/"))
        .map((item) => [item.title, item.dated]),
    ).toEqual([
      ["Ether staking yields slip", false],
      ["Miners sell less bitcoin", true],
    ]);
    const json = (await get("/feeds/gemwire.json")).json();
    const byTitle = new Map(json.items.map((item: { title: string }) => [item.title, item]));
    expect(byTitle.get("Ether staking yields slip")).not.toHaveProperty("date_published");
    expect(byTitle.get("Miners sell less bitcoin")).toHaveProperty("date_published");
  });
});
