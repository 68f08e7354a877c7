import { afterAll, describe, expect, it } from "vitest";
import { FAVORITES_MAX } from "../../../contracts/community.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { tempDirs } from "../../test/temp-dirs.ts";
import { upsertArticles } from "../articles/repository.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const now = Date.now();
const link = (id: string) => `https://news.example/${id}`;
const temp = tempDirs();
afterAll(() => temp.removeAll());

type Member = Awaited<ReturnType<typeof joinAsMember>>;

describe.each(testDatabaseTargets())("favorites on $dialect", (target) => {
  let dataDir: string;

  const setup = useTestApp(target, () => {
    dataDir = temp.make("data");
    return {
      env: { DATA_DIR: dataDir },
      seed: (database) =>
        upsertArticles(
          database,
          "bitcoin",
          [
            testItem("f1", 1, now, { title: "Bitcoin ETF inflows hit record", image: "https://img.example/f1.png" }),
            testItem("f2", 2, now, { source: "CoinDesk", creator: "Bo" }),
            testItem("f3", 3, now),
            testItem("f4", 4, now),
          ],
          now,
        ),
    };
  });

  const join = () => joinAsMember(setup.app, setup.database);
  const add = (member: Member | null, url: string) =>
    setup.app.inject({
      method: "PUT",
      url: "/api/favorites",
      payload: { link: url },
      ...(member ? { cookies: member.cookies } : {}),
    });
  const remove = (member: Member | null, url: string) =>
    setup.app.inject({
      method: "DELETE",
      url: `/api/favorites?link=${encodeURIComponent(url)}`,
      ...(member ? { cookies: member.cookies } : {}),
    });
  const list = (member: Member) => setup.app.inject({ method: "GET", url: "/api/favorites", cookies: member.cookies });
  const links = async (member: Member) => (await list(member)).json().items.map((item: { link: string }) => item.link);

  it("adds favorites, lists them newest added first as FeedItems with votes, and removes them", async () => {
    const member = await join();
    expect((await list(member)).json()).toEqual({ items: [] });
    const added = await add(member, link("f2"));
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ link: link("f2"), favorite: true });
    await add(member, link("f1"));
    await add(member, link("f3"));
    await setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      cookies: member.cookies,
      payload: { link: link("f1"), vote: "up" },
    });

    const { items } = (await list(member)).json();
    expect(items.map((item: { link: string }) => item.link)).toEqual([link("f3"), link("f1"), link("f2")]);
    expect(items[1]).toEqual({
      id: "f1",
      title: "Bitcoin ETF inflows hit record",
      link: link("f1"),
      pubDate: new Date(now - HOUR).toISOString(),
      undated: false,
      description: "About f1",
      image: "https://img.example/f1.png",
      source: "news.example",
      creator: "Ann",
      votes: { up: 1, down: 0 },
      myVote: "up",
      comments: 0,
      story: null,
      // Found in the favorite's copy of the title as it is listed.
      coins: ["BTC"],
      read: false,
    });
    // "Story f2", "Story f3" and "Story f4" are one story; a favorite names it as /api/stories does.
    const { stories } = (await setup.app.inject({ method: "GET", url: "/api/stories?feed=gemwire" })).json();
    const storyOfF2 = stories.find((story: { articles: Array<{ link: string }> }) =>
      story.articles.some((article) => article.link === link("f2")),
    );
    expect(storyOfF2?.id).toMatch(/^story-/);
    expect(items[2]).toMatchObject({
      id: "f2",
      source: "CoinDesk",
      creator: "Bo",
      votes: { up: 0, down: 0 },
      myVote: null,
      story: storyOfF2.id,
      coins: [],
      read: false,
    });

    expect((await remove(member, link("f1"))).statusCode).toBe(204);
    expect(await links(member)).toEqual([link("f3"), link("f2")]);
  });

  it("keeps one favorite when the same article is added twice, and removing an absent one is fine", async () => {
    const member = await join();
    expect((await add(member, link("f1"))).json()).toEqual({ link: link("f1"), favorite: true });
    expect((await add(member, link("f1"))).json()).toEqual({ link: link("f1"), favorite: true });
    expect(await links(member)).toEqual([link("f1")]);
    expect((await remove(member, link("f1"))).statusCode).toBe(204);
    expect((await remove(member, link("f1"))).statusCode).toBe(204);
    expect(await links(member)).toEqual([]);
  });

  it("keeps each member's favorites to themselves", async () => {
    const [ann, bob] = [await join(), await join()];
    await add(ann, link("f1"));
    await add(bob, link("f2"));
    expect(await links(ann)).toEqual([link("f1")]);
    expect(await links(bob)).toEqual([link("f2")]);
  });

  it("keeps a favorite after its article is pruned from the feeds", async () => {
    const member = await join();
    await add(member, link("f4"));
    await setup.database.db.deleteFrom("articles").where("link", "=", link("f4")).execute();
    const { items } = (await list(member)).json();
    expect(items).toEqual([expect.objectContaining({ id: "f4", title: "Story f4", link: link("f4") })]);
    // Adding it again keeps the favorite; once removed, the pruned article cannot come back.
    expect((await add(member, link("f4"))).statusCode).toBe(200);
    expect((await remove(member, link("f4"))).statusCode).toBe(204);
    expect((await add(member, link("f4"))).statusCode).toBe(404);
  });

  it(`refuses a favorite past ${FAVORITES_MAX}, until one is removed`, async () => {
    const member = await join();
    const rows = Array.from({ length: FAVORITES_MAX }, (_, i) => ({
      user_id: member.id,
      link: `https://old.example/${i}`,
      item_id: `old-${i}`,
      title: `Old ${i}`,
      description: "",
      image: null,
      source: "old.example",
      creator: "",
      published_at: now - DAY,
      created_at: now - DAY + i,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await setup.database.db
        .insertInto("favorites")
        .values(rows.slice(start, start + 200))
        .execute();
    }
    const refused = await add(member, link("f1"));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: { code: "invalid_request", message: "You can keep at most 1000 favorites. Remove some first." },
    });
    // Adding one already kept is not a new favorite.
    expect((await add(member, "https://old.example/5")).statusCode).toBe(200);
    await remove(member, "https://old.example/5");
    expect((await add(member, link("f1"))).statusCode).toBe(200);
    const kept = await links(member);
    expect(kept).toHaveLength(FAVORITES_MAX);
    expect(kept[0]).toBe(link("f1"));
  });

  it("answers 401 to visitors, 404 for unknown articles and 400 for bad links", async () => {
    for (const response of [
      await setup.app.inject({ method: "GET", url: "/api/favorites" }),
      await add(null, link("f1")),
      await remove(null, link("f1")),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });
    }
    const member = await join();
    const unknown = await add(member, "https://news.example/never-seen");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: "not_found", message: "Article not found" } });
    for (const response of [
      await add(member, "ftp://news.example/f1"),
      await remove(member, "javascript:alert(1)"),
      await setup.app.inject({ method: "DELETE", url: "/api/favorites", cookies: member.cookies }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("invalid_request");
    }
  });

  it("adds an article of a member's own feed only for its followers", async () => {
    const [follower, stranger] = [await join(), await join()];
    const db = setup.database.db;
    const now = Date.now();
    await db
      .insertInto("member_feeds")
      .values({ key: "mf-fa0000000001", url: "https://ledger.example/feed.xml", title: "Ledger", created_at: now })
      .execute();
    await db
      .insertInto("member_feed_follows")
      .values({ user_id: follower.id, feed_key: "mf-fa0000000001", site_url: null, added_at: now })
      .execute();
    const only = "https://ledger.example/only-in-a-member-feed";
    await upsertArticles(
      setup.database,
      "mf-fa0000000001",
      [testItem("mf1", 1, now, { link: only, title: "Ledger only" })],
      now,
    );
    const refused = await add(stranger, only);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe("Article not found");
    expect((await add(follower, only)).statusCode).toBe(200);
  });

  it("forgets a deleted member's favorites and votes when the account is purged", async () => {
    const member = await join();
    await add(member, link("f1"));
    await setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      cookies: member.cookies,
      payload: { link: link("f1"), vote: "down" },
    });
    const deleted = await setup.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies: member.cookies,
      payload: { handle: member.handle },
    });
    expect(deleted.statusCode).toBe(204);
    const rowsOf = (table: "favorites" | "article_votes") =>
      setup.database.db.selectFrom(table).select("link").where("user_id", "=", member.id).execute();
    // The vote stops counting at once; the favorites wait for the purge.
    expect(await rowsOf("article_votes")).toEqual([]);
    expect(await rowsOf("favorites")).toHaveLength(1);

    await runMaintenance(
      {
        database: setup.database,
        dataDir,
        accountPurgeMs: 30 * DAY,
        holder: "t",
        log: createLogger({ logLevel: "silent" }),
      },
      Date.now() + 31 * DAY,
    );
    expect(await setup.database.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toEqual([]);
    expect(await rowsOf("favorites")).toEqual([]);
  });
});
