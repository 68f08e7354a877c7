import { describe, expect, it } from "vitest";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp, withTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { tallyArticles } from "../articles/tallies.ts";
import { listFeedItems } from "../feeds/service.ts";
import { saveVote } from "./repository.ts";

const now = Date.now();
/** Tests that leave votes behind vote on an article of their own. */
const link = (id: string) => `https://news.example/${id}`;
const B1 = link("b1");
const B2 = link("b2");

type Member = Awaited<ReturnType<typeof joinAsMember>>;
type Item = { id: string; link: string; votes: { up: number; down: number }; myVote: string | null };

describe.each(testDatabaseTargets())("votes on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "bitcoin",
        [
          testItem("b1", 1, now, { title: "Bitcoin ETF inflows hit record" }),
          testItem("b2", 2, now, { title: "Bitcoin fees drop" }),
          ...["b3", "b4", "b5", "b6", "b7", "b8"].map((id, i) => testItem(id, 3 + i, now)),
        ],
        now,
      );
      // The same article in a second feed: one link, one set of votes.
      await upsertArticles(
        database,
        "news",
        [testItem("b1", 1, now, { title: "Bitcoin ETF inflows hit record" })],
        now,
      );
    },
  });

  const join = () => joinAsMember(setup.app, setup.database);
  const vote = (member: Member | null, address: string, direction: "up" | "down" | null) =>
    setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      payload: { link: address, vote: direction },
      ...(member ? { cookies: member.cookies } : {}),
    });
  const items = async (url: string, member?: Member): Promise<Item[]> => {
    const body = (
      await setup.app.inject({ method: "GET", url, ...(member ? { cookies: member.cookies } : {}) })
    ).json();
    return body.items ?? body.results;
  };
  const byLink = (list: Item[], address: string) => list.find((item) => item.link === address);

  it("moves one member's vote through up, the same again, back, and over to down", async () => {
    const member = await join();
    const up = await vote(member, B2, "up");
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ link: B2, votes: { up: 1, down: 0 }, myVote: "up" });
    // Sent twice, the same vote counts once.
    expect((await vote(member, B2, "up")).json()).toEqual({ link: B2, votes: { up: 1, down: 0 }, myVote: "up" });
    // Clicking up again takes the vote back (the client sends null).
    expect((await vote(member, B2, null)).json()).toEqual({ link: B2, votes: { up: 0, down: 0 }, myVote: null });
    expect((await vote(member, B2, null)).json()).toEqual({ link: B2, votes: { up: 0, down: 0 }, myVote: null });
    await vote(member, B2, "up");
    expect((await vote(member, B2, "down")).json()).toEqual({ link: B2, votes: { up: 0, down: 1 }, myVote: "down" });
    await vote(member, B2, null);
  });

  it("counts every member's vote on a link, in every feed and in search; myVote is the viewer's own", async () => {
    const [ann, bob, cat] = [await join(), await join(), await join()];
    await vote(ann, B1, "up");
    await vote(bob, B1, "up");
    expect((await vote(cat, B1, "down")).json()).toEqual({ link: B1, votes: { up: 2, down: 1 }, myVote: "down" });

    for (const url of ["/api/feeds/bitcoin/items", "/api/feeds/news/items", "/api/feeds/gemwire/items"]) {
      expect(byLink(await items(url), B1), url).toMatchObject({ votes: { up: 2, down: 1 }, myVote: null });
      expect(byLink(await items(url, ann), B1), url).toMatchObject({ votes: { up: 2, down: 1 }, myVote: "up" });
      expect(byLink(await items(url, cat), B1), url).toMatchObject({ myVote: "down" });
    }
    expect(byLink(await items("/api/feeds/bitcoin/items", ann), B2)).toMatchObject({
      votes: { up: 0, down: 0 },
      myVote: null,
    });
    const search = "/api/search?q=bitcoin";
    expect(byLink(await items(search), B1)).toMatchObject({ votes: { up: 2, down: 1 }, myVote: null });
    expect(byLink(await items(search, bob), B1)).toMatchObject({ votes: { up: 2, down: 1 }, myVote: "up" });
  });

  it("counts votes for more links than one query may bind (in chunks)", async () => {
    const member = await join();
    const many = Array.from({ length: 1_200 }, (_, i) => link(`bulk-${i}`));
    for (const index of [0, 700, 1_199]) {
      await saveVote(setup.database, { userId: member.id, link: many[index] as string, direction: "up", now });
    }
    const tallies = await tallyArticles(setup.database, many, member.id);
    expect([...tallies.keys()].sort()).toEqual([many[0], many[1_199], many[700]].sort());
    expect(tallies.get(many[700] as string)).toEqual({ votes: { up: 1, down: 0 }, myVote: "up", comments: 0 });
  });

  it("counts a whole page's votes in one query", async () => {
    const member = await join();
    await vote(member, B2, "up");
    let voteQueries = 0;
    const counted = setup.database.db.withPlugin({
      transformQuery: ({ node }) => {
        if (JSON.stringify(node).includes('"article_votes"')) voteQueries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const { items } = await listFeedItems(
      { ...setup.database, db: counted },
      setup.app.sources,
      "bitcoin",
      { limit: 50 },
      { viewerId: member.id },
    );
    expect(items.length).toBeGreaterThan(5);
    expect(byLink(items, B2)).toMatchObject({ myVote: "up" });
    expect(voteQueries).toBe(1);
    await vote(member, B2, null);
  });

  it("stops counting a member's votes as soon as they ask for their account to be deleted", async () => {
    const [stays, leaves] = [await join(), await join()];
    const B3 = link("b3");
    await vote(stays, B3, "up");
    await vote(leaves, B3, "down");
    expect(byLink(await items("/api/feeds/bitcoin/items"), B3)?.votes).toEqual({ up: 1, down: 1 });
    const deleted = await setup.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies: leaves.cookies,
      payload: { handle: leaves.handle },
    });
    expect(deleted.statusCode).toBe(204);
    expect(byLink(await items("/api/feeds/bitcoin/items"), B3)?.votes).toEqual({ up: 1, down: 0 });
  });

  it("answers 401 'User not authenticated' to visitors", async () => {
    const response = await vote(null, link("b4"), "up");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });
    expect(byLink(await items("/api/feeds/bitcoin/items"), link("b4"))?.votes).toEqual({ up: 0, down: 0 });
  });

  it("answers 404 'Article not found' for a link no feed carries", async () => {
    const response = await vote(await join(), "https://news.example/never-seen", "up");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "Article not found" } });
  });

  it("lets a vote be taken back, but not cast, once its article is pruned", async () => {
    const [ann, bob] = [await join(), await join()];
    const B7 = link("b7");
    await vote(ann, B7, "up");
    await vote(bob, B7, "up");
    await setup.database.db.deleteFrom("articles").where("link", "=", B7).execute();
    expect((await vote(ann, B7, null)).json()).toEqual({ link: B7, votes: { up: 1, down: 0 }, myVote: null });
    expect((await vote(ann, B7, "up")).statusCode).toBe(404);
    expect((await vote(bob, B7, "down")).statusCode).toBe(404);
  });

  it("keeps a member's favorite votable after its article is pruned", async () => {
    const [ann, bob] = [await join(), await join()];
    const B8 = link("b8");
    const kept = await setup.app.inject({
      method: "PUT",
      url: "/api/favorites",
      cookies: ann.cookies,
      payload: { link: B8 },
    });
    expect(kept.statusCode).toBe(200);
    await setup.database.db.deleteFrom("articles").where("link", "=", B8).execute();
    expect((await vote(ann, B8, "down")).json()).toEqual({ link: B8, votes: { up: 0, down: 1 }, myVote: "down" });
    expect((await vote(bob, B8, "up")).statusCode).toBe(404);
  });

  it.each([
    [{ link: "ftp://news.example/b1", vote: "up" }],
    [{ link: "javascript:alert(1)", vote: "up" }],
    [{ link: "not a link", vote: "up" }],
    [{ link: B1, vote: "sideways" }],
    [{ link: B1 }],
  ])("answers 400 to %j", async (payload) => {
    const member = await join();
    const response = await setup.app.inject({ method: "PUT", url: "/api/votes", cookies: member.cookies, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
  });

  it("refuses votes sent from another site", async () => {
    const member = await join();
    const response = await setup.app.inject({
      method: "PUT",
      url: "/api/votes",
      cookies: member.cookies,
      headers: { origin: "https://evil.example" },
      payload: { link: link("b4"), vote: "up" },
    });
    expect(response.statusCode).toBe(403);
    expect(byLink(await items("/api/feeds/bitcoin/items"), link("b4"))?.votes).toEqual({ up: 0, down: 0 });
  });

  it("limits a member's votes and favorite changes together, with Retry-After", async () => {
    const [busy, other] = [await join(), await join()];
    const [B5, B6] = [link("b5"), link("b6")];
    for (let i = 0; i < 150; i++) {
      expect((await vote(busy, B5, i % 2 ? "up" : "down")).statusCode).toBe(200);
    }
    for (let i = 0; i < 150; i++) {
      const favorite = await setup.app.inject({
        method: "PUT",
        url: "/api/favorites",
        cookies: busy.cookies,
        payload: { link: B5 },
      });
      expect(favorite.statusCode).toBe(200);
    }
    for (const refused of [
      await vote(busy, B6, "up"),
      await setup.app.inject({
        method: "DELETE",
        url: `/api/favorites?link=${encodeURIComponent(B5)}`,
        cookies: busy.cookies,
      }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("rate_limited");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    }
    expect((await vote(other, B6, "up")).statusCode).toBe(200);
    expect(byLink(await items("/api/feeds/bitcoin/items"), B6)?.votes).toEqual({ up: 1, down: 0 });
  });
});

describe("votes and favorites with ACCESS_MODE=members", () => {
  it("work for members and answer 401 to visitors", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app, database) => {
      await upsertArticles(database, "bitcoin", [testItem("m1", 1, now)], now);
      const url = link("m1");
      const member = await joinAsMember(app, database);
      const voted = await app.inject({
        method: "PUT",
        url: "/api/votes",
        cookies: member.cookies,
        payload: { link: url, vote: "up" },
      });
      expect(voted.json()).toEqual({ link: url, votes: { up: 1, down: 0 }, myVote: "up" });
      const added = await app.inject({
        method: "PUT",
        url: "/api/favorites",
        cookies: member.cookies,
        payload: { link: url },
      });
      expect(added.statusCode).toBe(200);
      const favorites = await app.inject({ method: "GET", url: "/api/favorites", cookies: member.cookies });
      expect(favorites.json().items).toEqual([
        expect.objectContaining({ link: url, votes: { up: 1, down: 0 }, myVote: "up" }),
      ]);
      for (const request of [
        { method: "PUT" as const, url: "/api/votes", payload: { link: url, vote: "up" } },
        { method: "GET" as const, url: "/api/favorites" },
        { method: "DELETE" as const, url: `/api/favorites?link=${encodeURIComponent(url)}` },
      ]) {
        expect((await app.inject(request)).statusCode, request.url).toBe(401);
      }
    });
  });
});
