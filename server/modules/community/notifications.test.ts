import { describe, expect, it } from "vitest";
import { commentTarget } from "../../../contracts/community-catalog.ts";
import { withTestApp } from "../../test/app.ts";
import { article, communityTestApp, type Member } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

const notAuthenticated = { error: { code: "unauthenticated", message: "User not authenticated" } };

type Listed = { id: string; seq: number; kind: string; title: string; description: string; read: boolean };

describe.each(testDatabaseTargets())("notifications on $dialect", (target) => {
  const ctx = communityTestApp(target);
  const db = () => ctx.handle.database.db;
  const list = async (member: Member, query = ""): Promise<{ notifications: Listed[]; unread: number; seq: number }> =>
    (await ctx.notifications(member, query)).json();
  const read = (member: Member, id: string) =>
    ctx.app.inject({ method: "POST", url: `/api/notifications/${id}/read`, cookies: member.cookies });
  const readAll = (member: Member, payload?: object) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      cookies: member.cookies,
      ...(payload ? { payload } : {}),
    });
  const deleteAccount = (member: Member) =>
    ctx.app.inject({ method: "DELETE", url: "/api/me", cookies: member.cookies, payload: { handle: member.handle } });
  const posted = async (member: Member, link: string, content: string) => {
    const response = await ctx.comment(member, link, content);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };

  it("tells the other commenters and the favoriters of an article, not the commenter and not deleted members", async () => {
    const [ann, bob, cat, dan, eve, fay] = [
      await ctx.join(),
      await ctx.join(),
      await ctx.join(),
      await ctx.join(),
      await ctx.join(),
      await ctx.join(),
    ];
    expect((await ctx.favorite(bob, article(1))).statusCode).toBe(200);
    await ctx.favorite(dan, article(1));
    await posted(cat, article(1), "Cat was here");
    await posted(dan, article(1), "Dan too");
    await posted(eve, article(2), "Eve elsewhere");
    expect((await deleteAccount(dan)).statusCode).toBe(204);
    // Bob (favorite) heard of Cat's comment; Cat heard of nothing yet.
    expect((await list(bob)).notifications.map((n) => n.description)).toEqual(["Cat was here"]);
    const comment = await posted(ann, article(1), "Ann says hi");
    // Dan's comment went with his account, and its notification to Bob with it.
    expect((await list(bob)).notifications.map((n) => [n.seq, n.description])).toEqual([
      [3, "Ann says hi"],
      [1, "Cat was here"],
    ]);
    expect((await list(cat)).notifications.map((n) => [n.seq, n.description])).toEqual([[2, "Ann says hi"]]);
    for (const member of [bob, cat]) {
      const { notifications, unread } = await list(member);
      expect(notifications[0]).toEqual({
        id: expect.any(String),
        seq: member === bob ? 3 : 2,
        kind: "comment",
        title: "New Comment",
        description: "Ann says hi",
        read: false,
        timestamp: expect.any(String),
        target: commentTarget(comment.id),
      });
      expect(unread).toBe(notifications.length);
    }
    for (const member of [ann, eve, fay]) expect((await list(member)).notifications).toEqual([]);
    const toDan = await db()
      .selectFrom("notifications")
      .select("cause")
      .where("user_id", "=", dan.id)
      .where("cause", "=", `comment:${comment.id}`)
      .execute();
    expect(toDan).toEqual([]);
  });

  it("notifies each @handle mentioned once, as a mention, even when they also take part", async () => {
    const [ann, bob, cat, gone] = [
      await ctx.join("ann_m"),
      await ctx.join("Bob_M"),
      await ctx.join("cat_m"),
      await ctx.join("gone_m"),
    ];
    await posted(bob, article(3), "Bob first");
    await deleteAccount(gone);
    const comment = await posted(
      ann,
      article(3),
      "@bob_m and @CAT_M, look! @ann_m @gone_m @nobody_here mail@cat_m.example @bob_m",
    );
    const [toBob] = (await list(bob)).notifications;
    expect((await list(bob)).notifications).toHaveLength(1);
    expect(toBob).toMatchObject({ kind: "mention", title: "New Mention" });
    expect((await list(cat)).notifications).toEqual([
      expect.objectContaining({ kind: "mention", title: "New Mention", seq: 1 }),
    ]);
    expect((await list(ann)).notifications).toEqual([]);
    const causes = await db()
      .selectFrom("notifications")
      .select(["user_id", "cause"])
      .where("cause", "=", `comment:${comment.id}`)
      .execute();
    expect(causes.map((row) => row.user_id).sort()).toEqual([bob.id, cat.id].sort());
  });

  it("cuts the preview to 50 characters with '...' and keeps it in step with edits", async () => {
    const [ann, bob] = [await ctx.join(), await ctx.join()];
    await ctx.favorite(bob, article(4));
    const exactly50 = "x".repeat(50);
    await posted(ann, article(4), exactly50);
    const long = await posted(ann, article(4), `${"Bitcoin breaks out ".repeat(4)}\nand more`);
    const [latest, first] = (await list(bob)).notifications;
    expect(first?.description).toBe(exactly50);
    expect(latest?.description).toBe(`${"Bitcoin breaks out ".repeat(4).slice(0, 50)}...`);
    expect((await ctx.edit(ann, long.id, "Short now")).statusCode).toBe(200);
    expect((await list(bob)).notifications[0]?.description).toBe("Short now");
  });

  it("takes a deleted comment's notifications with it, by author or admin, and with the account", async () => {
    const [ann, bob, cat] = [await ctx.join(), await ctx.join(), await ctx.join()];
    await ctx.favorite(bob, article(5));
    const one = await posted(ann, article(5), "one");
    await posted(cat, article(5), "two");
    await posted(ann, article(5), "three");
    expect((await list(bob)).unread).toBe(3);
    expect((await ctx.remove(ann, one.id)).statusCode).toBe(204);
    expect((await list(bob)).notifications.map((n) => n.description)).toEqual(["three", "two"]);
    expect((await deleteAccount(ann)).statusCode).toBe(204);
    const left = await list(bob);
    expect(left.notifications.map((n) => n.description)).toEqual(["two"]);
    expect(left.unread).toBe(1);
    // Numbers are not reused: the next one is 4.
    expect(left.seq).toBe(3);
    await posted(cat, article(5), "four");
    expect((await list(bob)).notifications.map((n) => [n.seq, n.description])).toEqual([
      [4, "four"],
      [2, "two"],
    ]);
  });

  it("marks one read (again is fine, never below 0), all read, or all up to `through`", async () => {
    const [ann, bob] = [await ctx.join(), await ctx.join()];
    await ctx.favorite(bob, article(6));
    for (const text of ["n1", "n2", "n3", "n4"]) await posted(ann, article(6), text);
    const { notifications, unread, seq } = await list(bob);
    expect([unread, seq]).toEqual([4, 4]);
    const oldest = notifications.at(-1) as Listed;
    for (let i = 0; i < 2; i++) {
      const response = await read(bob, oldest.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ unread: 3 });
    }
    expect((await list(bob)).notifications.at(-1)?.read).toBe(true);
    // Seen up to 3; number 4 arrived since and stays unread.
    expect((await readAll(bob, { through: 3 })).json()).toEqual({ unread: 1 });
    expect((await list(bob)).notifications.map((n) => n.read)).toEqual([false, true, true, true]);
    await posted(ann, article(6), "n5");
    expect((await readAll(bob)).json()).toEqual({ unread: 0 });
    expect((await readAll(bob)).json()).toEqual({ unread: 0 });
    expect((await read(bob, oldest.id)).json()).toEqual({ unread: 0 });
    expect((await readAll(bob, { through: -1 })).statusCode).toBe(400);
    // Another member's notification is not found, whoever asks.
    const notTheirs = await read(ann, oldest.id);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: { code: "not_found", message: "Notification not found" } });
  });

  it("pages the list newest first by number", async () => {
    const [ann, bob] = [await ctx.join(), await ctx.join()];
    await ctx.favorite(bob, article(7));
    for (let i = 1; i <= 5; i++) await posted(ann, article(7), `p${i}`);
    const first = (await ctx.notifications(bob, "?limit=2")).json();
    expect(first.notifications.map((n: Listed) => n.seq)).toEqual([5, 4]);
    expect(first.next).toBe(4);
    const second = (await ctx.notifications(bob, `?limit=2&before=${first.next}`)).json();
    expect(second.notifications.map((n: Listed) => n.seq)).toEqual([3, 2]);
    const last = (await ctx.notifications(bob, `?limit=2&before=${second.next}`)).json();
    expect(last.notifications.map((n: Listed) => n.seq)).toEqual([1]);
    expect(last.next).toBeNull();
    expect((await ctx.notifications(bob, "?limit=0")).statusCode).toBe(400);
  });

  it("is for members only: 401 'User not authenticated' for visitors", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["POST", "/api/notifications/x/read"],
      ["POST", "/api/notifications/read-all"],
      ["GET", "/api/notifications/stream"],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(notAuthenticated);
    }
  });

  it("documents every notification route in the OpenAPI document, the stream as text/event-stream", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/notifications",
        "/api/notifications/{id}/read",
        "/api/notifications/read-all",
        "/api/notifications/stream",
      ]),
    );
    expect(Object.keys(document.paths["/api/notifications/stream"].get.responses["200"].content)).toEqual([
      "text/event-stream",
    ]);
    expect(JSON.stringify(document.paths["/api/notifications"].get.responses["200"])).toMatch(/Notification/);
  });
});

describe("comments behind ACCESS_MODE=members", () => {
  it("are not readable by visitors", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app) => {
      const response = await app.inject({ method: "GET", url: `/api/comments?contentId=${article(1)}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notAuthenticated);
    });
  });
});
