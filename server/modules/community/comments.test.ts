import { describe, expect, it } from "vitest";
import { COMMENT_EDIT_WINDOW_MS } from "../../../contracts/community-catalog.ts";
import { openSession } from "../../lib/sessions/sessions.ts";
import { article, communityTestApp } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

const notAuthenticated = { error: { code: "unauthenticated", message: "User not authenticated" } };

describe.each(testDatabaseTargets())("comments on $dialect", (target) => {
  const ctx = communityTestApp(target);
  const db = () => ctx.handle.database.db;
  const commentRows = (contentId: string) =>
    db().selectFrom("user_interactions").selectAll().where("content_id", "=", contentId).execute();

  it("posts a comment as the member and shows it with their name, handle and picture, newest first", async () => {
    const ann = await ctx.join("ann_c");
    await db().updateTable("users").set({ username: "Ann Lee" }).where("id", "=", ann.id).execute();
    const first = await ctx.comment(ann, article(1), "  First!\r\nSecond line  ");
    expect(first.statusCode).toBe(201);
    const posted = first.json();
    expect(posted).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      contentId: article(1),
      contentTitle: "Article 1",
      username: "Ann Lee",
      handle: "ann_c",
      avatar: null,
      content: "First!\nSecond line",
      timestamp: expect.any(String),
      editedAt: null,
    });
    const second = (await ctx.comment(ann, article(1), "Again")).json();
    const listed = (await ctx.comments(article(1))).json();
    expect(listed).toEqual({ comments: [second, posted], next: null, total: 2 });
    expect((await ctx.app.inject({ method: "GET", url: `/api/comments/${posted.id}` })).json()).toEqual(posted);
    const [row] = await db().selectFrom("user_interactions").selectAll().where("id", "=", posted.id).execute();
    expect(row).toMatchObject({ user_id: ann.id, interaction_type: "comment", content_title: "Article 1" });
  });

  it("pages a discussion by time and id, even for comments posted in the same millisecond", async () => {
    const bob = await ctx.join();
    const at = Date.now() - 60_000;
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: `page-${i}`,
      user_id: bob.id,
      content_id: article(2),
      content_title: "Article 2",
      interaction_type: "comment" as const,
      content: `c${i}`,
      created_at: i < 4 ? at : at + i,
      edited_at: null,
    }));
    await db().insertInto("user_interactions").values(rows).execute();
    const seen: string[] = [];
    let next: string | null = "";
    while (next !== null) {
      const page: { total: number; comments: Array<{ content: string }>; next: string | null } = (
        await ctx.comments(article(2), `&limit=3${next ? `&before=${next}` : ""}`)
      ).json();
      expect(page.total).toBe(7);
      seen.push(...page.comments.map((comment: { content: string }) => comment.content));
      next = page.next;
    }
    expect(seen).toEqual(["c6", "c5", "c4", "c3", "c2", "c1", "c0"]);
    const bad = await ctx.comments(article(2), "&before=nonsense");
    expect(bad.statusCode).toBe(400);
    expect((await ctx.comments("https://news.example/nothing-here")).json()).toEqual({
      comments: [],
      next: null,
      total: 0,
    });
  });

  it("lets visitors read but not write: 401 'User not authenticated'", async () => {
    const reading = await ctx.comments(article(1));
    expect(reading.statusCode).toBe(200);
    const writing = await ctx.comment(null, article(3), "hello");
    expect(writing.statusCode).toBe(401);
    expect(writing.json()).toEqual(notAuthenticated);
    const { id } = (await ctx.comment(await ctx.join(), article(3), "mine")).json();
    for (const response of [await ctx.edit(null, id, "changed"), await ctx.remove(null, id)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notAuthenticated);
    }
    expect((await commentRows(article(3))).map((row) => row.content)).toEqual(["mine"]);
  });

  it("answers 404 for an unknown comment", async () => {
    const member = await ctx.join();
    for (const response of [
      await ctx.app.inject({ method: "GET", url: "/api/comments/no-such-comment" }),
      await ctx.edit(member, "no-such-comment", "x"),
      await ctx.remove(member, "no-such-comment"),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Comment not found" } });
    }
  });

  it("refuses empty, blank, too long and control-character comments with a 400 naming the problem", async () => {
    const member = await ctx.join();
    const cases: Array<[string, RegExp]> = [
      ["", /Write something/],
      ["   \n\t  ", /Write something/],
      ["\u200b\u200b\u200e", /Write something/],
      ["x".repeat(2001), /at most 2,000 characters/],
      ["nul \u0000 here", /control characters/],
      ["escape \u001b[31m", /control characters/],
      ["half \ud800 pair", /broken characters/],
    ];
    for (const [content, message] of cases) {
      const response = await ctx.comment(member, article(4), content);
      expect(response.statusCode, JSON.stringify(content)).toBe(400);
      expect(response.json().error.code).toBe("invalid_request");
      expect(response.json().error.message).toMatch(message);
    }
    // 2,000 after trimming is fine.
    expect((await ctx.comment(member, article(4), ` ${"y".repeat(2000)} `)).statusCode).toBe(201);
    const bad = await ctx.comment(member, "javascript:alert(1)", "hi");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/contentId must be an article's http\(s\) link/);
    expect((await commentRows(article(4))).map((row) => row.content.length)).toEqual([2000]);
  });

  it("stores hostile, right-to-left and zero-width text exactly, as text", async () => {
    const member = await ctx.join();
    const texts = [
      "<img src=x onerror=alert(1)>",
      "[click](javascript:alert(document.cookie)) javascript:alert(1)",
      "\u202eRTL override\u202c and \u05e9\u05dc\u05d5\u05dd with a zero\u200bwidth\u200djoiner\u2060",
      "tabs\tand\nlines stay",
    ];
    for (const content of texts) {
      const response = await ctx.comment(member, article(5), content);
      expect(response.statusCode).toBe(201);
      expect(response.json().content).toBe(content);
    }
    const stored = (await commentRows(article(5))).map((row) => row.content).sort();
    expect(stored).toEqual([...texts].sort());
    // JSON answers carry it as a string: nothing turns it into markup on the server.
    const listed = await ctx.comments(article(5));
    expect(listed.headers["content-type"]).toMatch(/^application\/json/);
    expect(
      listed
        .json()
        .comments.map((comment: { content: string }) => comment.content)
        .sort(),
    ).toEqual([...texts].sort());
  });

  it("refuses a 2 MB body with 413 and stores nothing", async () => {
    const member = await ctx.join();
    const response = await ctx.comment(member, article(6), "z".repeat(2 * 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("payload_too_large");
    expect(await commentRows(article(6))).toEqual([]);
  });

  it("comments on known articles, favorites and existing discussions; 404 on anything else", async () => {
    const member = await ctx.join();
    const pruned = "https://news.example/pruned-favorite";
    await ctx.handle.database.db
      .insertInto("favorites")
      .values({
        user_id: member.id,
        link: pruned,
        item_id: "pf",
        title: "Kept as a favorite",
        description: "",
        image: null,
        source: "news.example",
        creator: "",
        published_at: 1,
        created_at: 1,
      })
      .execute();
    expect((await ctx.comment(member, pruned, "still here")).json().contentTitle).toBe("Kept as a favorite");
    // The article leaves the feed: its discussion goes on under the stored title.
    await ctx.comment(member, article(7), "before pruning");
    await db().deleteFrom("articles").where("link", "=", article(7)).execute();
    const after = await ctx.comment(member, article(7), "after pruning");
    expect(after.statusCode).toBe(201);
    expect(after.json().contentTitle).toBe("Article 7");
    const unknown = await ctx.comment(member, "https://news.example/never-seen", "hello?");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: "not_found", message: "There is no article at this address to comment on" },
    });
    const blog = await ctx.comment(member, "/blog/first-post", "nice post");
    expect(blog.statusCode).toBe(404);
    expect(blog.json()).toEqual({ error: { code: "not_found", message: "There is no blog post at this address" } });
    expect(await commentRows("https://news.example/never-seen")).toEqual([]);
  });

  it("lets the author edit within 15 minutes, sets editedAt, and refuses later or others' edits", async () => {
    const [author, other] = [await ctx.join(), await ctx.join()];
    const { id } = (await ctx.comment(author, article(8), "typo")).json();
    const edited = await ctx.edit(author, id, "  fixed  ");
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, content: "fixed", editedAt: expect.any(String) });
    expect((await ctx.comments(article(8))).json().comments[0]).toMatchObject({ id, content: "fixed" });
    const notMine = await ctx.edit(other, id, "hijacked");
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({ error: { code: "forbidden", message: "You can only edit your own comments" } });
    expect((await ctx.edit(author, id, " ")).statusCode).toBe(400);
    await db()
      .updateTable("user_interactions")
      .set({ created_at: Date.now() - COMMENT_EDIT_WINDOW_MS - 1_000 })
      .where("id", "=", id)
      .execute();
    const late = await ctx.edit(author, id, "too late");
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      error: { code: "forbidden", message: "Comments can be edited for 15 minutes after posting" },
    });
    expect((await commentRows(article(8))).map((row) => row.content)).toEqual(["fixed"]);
  });

  it("lets the author delete any time, the admin delete any comment, and no one else", async () => {
    const [author, other] = [await ctx.join(), await ctx.join()];
    const mine = (await ctx.comment(author, article(9), "old one")).json().id;
    const theirs = (await ctx.comment(other, article(9), "rude one")).json().id;
    await db()
      .updateTable("user_interactions")
      .set({ created_at: Date.now() - 2 * COMMENT_EDIT_WINDOW_MS })
      .where("id", "=", mine)
      .execute();
    const refused = await ctx.remove(author, theirs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: "forbidden", message: "You can only delete your own comments" } });
    expect((await ctx.remove(author, mine)).statusCode).toBe(204);
    const admin = await openSession(ctx.handle.database, { admin: true });
    expect((await ctx.remove(null, theirs, { gemwire_admin: admin })).statusCode).toBe(204);
    expect(await commentRows(article(9))).toEqual([]);
    expect((await ctx.remove(author, mine)).statusCode).toBe(404);
  });

  it("answers the 11th comment in a minute with 429 and a clear message, for that member only", async () => {
    const [busy, calm] = [await ctx.join(), await ctx.join()];
    for (let i = 0; i < 10; i++) expect((await ctx.comment(busy, article(1), `n${i}`)).statusCode).toBe(201);
    const refused = await ctx.comment(busy, article(1), "one more");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(refused.json().error.message).toMatch(/^You are commenting too fast\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await ctx.comment(calm, article(1), "my turn")).statusCode).toBe(201);
    const stored = (await commentRows(article(1))).filter((row) => row.user_id === busy.id);
    expect(stored).toHaveLength(10);
  });

  it("counts edits and deletes against the member's community write limit", async () => {
    const member = await ctx.join();
    const { id } = (await ctx.comment(member, article(2), "limited")).json();
    await db()
      .insertInto("rate_limits")
      .values({ key: `community:member:${member.id}`, window_start: Date.now(), hits: 300 })
      .execute();
    expect((await ctx.edit(member, id, "edited")).statusCode).toBe(429);
    expect((await ctx.remove(member, id)).statusCode).toBe(429);
    expect((await commentRows(article(2))).find((row) => row.id === id)?.content).toBe("limited");
  });

  it("deletes a member's comments with their account, at once", async () => {
    const [leaving, staying] = [await ctx.join(), await ctx.join()];
    await ctx.comment(leaving, article(3), "bye");
    await ctx.comment(staying, article(3), "see you");
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies: leaving.cookies,
      payload: { handle: leaving.handle },
    });
    expect(deleted.statusCode).toBe(204);
    const contents = (await ctx.comments(article(3))).json().comments.map((c: { content: string }) => c.content);
    expect(contents).toContain("see you");
    expect(contents).not.toContain("bye");
    expect(await db().selectFrom("user_interactions").select("id").where("user_id", "=", leaving.id).execute()).toEqual(
      [],
    );
  });

  it("documents every comment route in the OpenAPI document", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths["/api/comments"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/comments/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    const created = document.paths["/api/comments"].post.responses["201"].content["application/json"].schema;
    expect(JSON.stringify(created)).toMatch(/Comment/);
  });
});
