import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MEMBER_FEEDS, MEMBER_FEED_KEY } from "../../../contracts/reading-catalog.ts";
import { openDatabase } from "../../db/connection.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { MEMBER_FEEDS_PER_PASS } from "../feeds/refresh.ts";
import { memberFeedKey } from "./address.ts";
import { follow, pruneUnfollowedFeeds, unfollow } from "./repository.ts";
import { type FeedSite, type Member, type TestHandle, useMemberFeedsFixture } from "./test/fixture.ts";

describe.each(testDatabaseTargets())("members' own feeds refreshed and shown on $dialect", (target) => {
  const fx = useMemberFeedsFixture(target);
  const { add, list, items, refresh, remove, articleCount } = fx;
  let handle: TestHandle;
  let app: FastifyInstance;
  let site: FeedSite;
  let ann: Member;
  let bob: Member;
  let cat: Member;
  beforeAll(() => {
    ({ handle, app, site, ann, bob, cat } = fx);
  });

  let ledgerKey = "";

  it("follows a feed by its address, credentials removed, and shows its title and status", async () => {
    const response = await add(ann, `${site.base.replace("http://", "http://user:secret@")}/feed.xml#top`);
    expect(response.statusCode, response.body).toBe(201);
    const feed = response.json().feed;
    expect(feed.key).toMatch(MEMBER_FEED_KEY);
    expect(feed.url).toBe(`${site.base}/feed.xml`);
    expect(feed.title).toBe("Ledger & Lane — weekly");
    expect(feed.siteUrl).toBeNull();
    expect(feed).toMatchObject({ lastUpdated: null, lastError: null, itemCount: 0 });
    ledgerKey = feed.key;
    const listed = await list(ann);
    expect(listed).toMatchObject({ enabled: true, limit: MAX_MEMBER_FEEDS });
    expect(listed.feeds.map((f: { key: string }) => f.key)).toEqual([ledgerKey]);
    expect(JSON.stringify(listed)).not.toContain("secret");
  });

  it("refuses to follow the same feed twice, however the address is written", async () => {
    const again = await add(ann, `${site.base.replace("127.0.0.1", "127.0.0.1")}/feed.xml`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Already following");
  });

  it("fetches a feed once per refresh however many members follow it, then only its followers read it", async () => {
    const response = await add(bob, `${site.base}/feed.xml`);
    expect(response.statusCode).toBe(201);
    expect(response.json().feed.key).toBe(ledgerKey);
    const rows = await handle.database.db.selectFrom("member_feeds").selectAll().execute();
    expect(rows.filter((row) => row.key === ledgerKey)).toHaveLength(1);
    const before = site.hits("/feed.xml");
    await refresh();
    expect(site.hits("/feed.xml") - before).toBe(1);
    // Nothing is due until the refresh period has passed.
    await refresh();
    expect(site.hits("/feed.xml") - before).toBe(1);

    const annItems = await items(ann, ledgerKey);
    expect(annItems.statusCode).toBe(200);
    expect(annItems.json().items.map((item: { link: string }) => item.link)).toEqual([
      "https://ledger.example/solana",
      "https://ledger.example/btc",
      "https://ledger.example/zorblax",
      "https://ledger.example/quokka",
    ]);
    const paged = (
      await app.inject({ method: "GET", url: `/api/feeds/${ledgerKey}/items?limit=2`, cookies: ann.cookies })
    ).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.next).not.toBeNull();
    const stranger = await items(cat, ledgerKey);
    const visitor = await items(null, ledgerKey);
    for (const answer of [stranger, visitor]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe(`No feed named ${ledgerKey}`);
    }
    expect((await items(null, "mf-000000000000")).json().error.message).toBe("No feed named mf-000000000000");
    const status = (await list(ann)).feeds[0];
    expect(status.itemCount).toBe(4);
    expect(status.lastUpdated).not.toBeNull();
    expect(status.nextAttempt).not.toBeNull();
  });

  it("keeps member feeds' articles out of Gemwire's feed, search and token news, except for followers' search", async () => {
    const gemwire = (await app.inject({ method: "GET", url: "/api/feeds/gemwire/items?limit=100" })).json();
    const links = gemwire.items.map((item: { link: string }) => item.link);
    expect(links).toContain("https://hashgate.example/quokka");
    expect(links.some((link: string) => link.startsWith("https://ledger.example/"))).toBe(false);
    const published = await app.inject({ method: "GET", url: "/feeds/gemwire.json" });
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain("hashgate.example/quokka");
    expect(published.body).not.toContain("ledger.example");

    const catalog = (await app.inject({ method: "GET", url: "/api/feeds", cookies: ann.cookies })).json();
    expect(catalog.feeds.find((feed: { key: string }) => feed.key === "gemwire").itemCount).toBe(3);
    expect(JSON.stringify(catalog)).not.toContain("mf-");

    const search = async (member: Member | null) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/search?q=zorblax",
          ...(member ? { cookies: member.cookies } : {}),
        })
      )
        .json()
        .results.map((item: { link: string }) => item.link);
    expect(await search(ann)).toEqual(["https://ledger.example/zorblax"]);
    expect(await search(cat)).toEqual([]);
    expect(await search(null)).toEqual([]);

    const news = (await app.inject({ method: "GET", url: "/api/tokens/BTC/news", cookies: ann.cookies })).json();
    expect(JSON.stringify(news)).not.toContain("ledger.example");
  });

  it("lets member feeds' articles join stories, shown only to their followers", async () => {
    const stories = async (member: Member | null) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/stories?feed=gemwire",
          ...(member ? { cookies: member.cookies } : {}),
        })
      ).json().stories as Array<{ articles: Array<{ link: string }> }>;
    const linksOf = (list: Awaited<ReturnType<typeof stories>>) =>
      list.map((story) => story.articles.map((a) => a.link).sort());
    const visitor = linksOf(await stories(null));
    expect(visitor).toContainEqual(["https://blockline.example/solana", "https://chainpost.example/solana"]);
    expect(JSON.stringify(visitor)).not.toContain("ledger.example");
    // One built-in article and one of a member feed: no story for those who do not follow it.
    expect(JSON.stringify(visitor)).not.toContain("quokka");
    expect(linksOf(await stories(cat))).toEqual(visitor);
    const follower = linksOf(await stories(ann));
    expect(follower).toContainEqual([
      "https://blockline.example/solana",
      "https://chainpost.example/solana",
      "https://ledger.example/solana",
    ]);
    expect(follower).toContainEqual(["https://hashgate.example/quokka", "https://ledger.example/quokka"]);
  });

  describe("once nobody follows a feed", () => {
    // Other feeds due at the same time: a member's site feeds, and a member's feeds that never answer.
    beforeAll(async () => {
      await fx.followSiteFeeds(cat);
      const dan = await joinAsMember(app, handle.database);
      for (let i = 0; i < MAX_MEMBER_FEEDS - 1; i++) {
        const url = `https://filler.example/${i}.xml`;
        await follow(
          handle.database,
          dan.id,
          { key: memberFeedKey(url), url, title: `F${i}`, siteUrl: null },
          MAX_MEMBER_FEEDS,
          Date.now(),
        );
      }
    });

    it("stops fetching a feed nobody follows and drops its articles", async () => {
      expect(await articleCount(ledgerKey)).toBe(4);
      expect((await remove(ann, ledgerKey)).statusCode).toBe(204);
      expect(await articleCount(ledgerKey)).toBe(4);
      expect((await remove(ann, ledgerKey)).statusCode).toBe(404);
      expect((await items(ann, ledgerKey)).statusCode).toBe(404);
      expect((await remove(bob, ledgerKey)).statusCode).toBe(204);
      expect(await articleCount(ledgerKey)).toBe(0);
      await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).execute();
      const before = site.hits("/feed.xml");
      const atom = site.hits("/atom.xml");
      // About 60 feeds are due (the filler feeds never answer): at most 20 a pass, until each was tried.
      for (let pass = 0; pass < 5; pass++)
        expect((await refresh()).attempted).toBeLessThanOrEqual(MEMBER_FEEDS_PER_PASS);
      expect(site.hits("/feed.xml")).toBe(before);
      expect(site.hits("/atom.xml")).toBe(atom + 1);
    });

    it("fetches a feed followed again at once, though its first fetch was in this refresh period", async () => {
      // The feed was fetched, then dropped when its last follower left (above): following it
      // again starts it afresh, rather than finding its first fetch already done.
      expect((await add(ann, `${site.base}/feed.xml`)).statusCode).toBe(201);
      const before = site.hits("/feed.xml");
      const pass = await refresh();
      expect(site.hits("/feed.xml") - before).toBe(1);
      expect(pass.outcomes.updated).toBe(1);
      expect(await articleCount(ledgerKey)).toBe(4);
      // Once each incarnation: the next pass finds nothing due.
      await refresh();
      expect(site.hits("/feed.xml") - before).toBe(1);
    });

    it("leaves a feed whose last follower left after the pass found it due", async () => {
      const listedAt = Date.now();
      expect((await remove(ann, ledgerKey)).statusCode).toBe(204);
      const before = site.hits("/feed.xml");
      expect(await fx.refreshFound({ key: ledgerKey, url: `${site.base}/feed.xml` }, listedAt)).toBe("unfollowed");
      expect(site.hits("/feed.xml")).toBe(before);
      expect(await articleCount(ledgerKey)).toBe(0);
    });

    it("keeps the articles of a feed someone followed while it was being dropped", async () => {
      expect((await add(ann, `${site.base}/feed.xml`)).statusCode).toBe(201);
      await refresh();
      expect(await articleCount(ledgerKey)).toBe(4);
      // The last follower leaves; the prune lists the feed, and then, before it deletes
      // anything, another process's member follows it.
      expect(await unfollow(handle.database, ann.id, ledgerKey)).toBe(true);
      const other = openDatabase(handle.location);
      let listed = false;
      try {
        const racing = handle.database.db.withPlugin({
          transformQuery: ({ node }) => node,
          transformResult: async ({ result }) => {
            if (!listed) {
              listed = true;
              const feed = { key: ledgerKey, url: `${site.base}/feed.xml`, title: "Ledger", siteUrl: null };
              expect(await follow(other, bob.id, feed, MAX_MEMBER_FEEDS, Date.now())).toBe("followed");
            }
            return result;
          },
        });
        expect(await pruneUnfollowedFeeds({ ...handle.database, db: racing }, ledgerKey)).toBe(0);
      } finally {
        await other.close();
      }
      expect(listed).toBe(true);
      expect(await articleCount(ledgerKey)).toBe(4);
      expect((await list(bob)).feeds.find((feed: { key: string }) => feed.key === ledgerKey)).toMatchObject({
        itemCount: 4,
        lastError: null,
        lastUpdated: expect.any(String),
      });
    });
  });
});
