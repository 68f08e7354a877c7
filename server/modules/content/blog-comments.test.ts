import { beforeEach, describe, expect, it } from "vitest";
import type { BlogPost } from "../../../contracts/content.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { holdCommentable } from "../community/commentable.ts";
import { deletePostWithComments } from "./blog-repository.ts";

describe.each(testDatabaseTargets())("blog comments on $dialect", (target) => {
  const ctx = contentTestApp(target);
  const create = (form: object): Promise<BlogPost> =>
    ctx.admin({ method: "POST", url: "/api/admin/blog", payload: form });
  const read = (path: string) => ctx.as("visitor", { method: "GET", url: `/api${path}` });

  beforeEach(async () => {
    await ctx.database.db.deleteFrom("blog_posts").execute();
  });

  it("takes comments on a post, stored with its title; a missing post has none", async () => {
    const post = await create({ title: "Open for comments" });
    const comment = await ctx.as("member", {
      method: "POST",
      url: "/api/comments",
      payload: { contentId: post.url, content: "Great read" },
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ contentId: "/blog/open-for-comments", contentTitle: "Open for comments" });
    const listed = await read(`/comments?contentId=${encodeURIComponent(post.url)}`);
    expect(listed.json()).toMatchObject({ total: 1, comments: [{ content: "Great read" }] });
    for (const contentId of ["/blog/no-such-post", "/blog/Open-For-Comments"]) {
      const missing = await ctx.as("member", {
        method: "POST",
        url: "/api/comments",
        payload: { contentId, content: "Hello?" },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe("There is no blog post at this address");
    }
  });

  it("deletes a post with its comments and their notifications, leaving other discussions alone", async () => {
    const post = await create({ title: "Doomed" });
    const other = await create({ title: "Staying" });
    const ann = await joinAsMember(ctx.app, ctx.database, "ann_blog");
    const bob = await joinAsMember(ctx.app, ctx.database, "bob_blog");
    const say = (member: { cookies: Record<string, string> }, contentId: string, content: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/comments",
        payload: { contentId, content },
        cookies: member.cookies,
      });
    expect((await say(ann, post.url, "first")).statusCode).toBe(201);
    expect((await say(bob, post.url, "reply to @ann_blog")).statusCode).toBe(201);
    expect((await say(ann, other.url, "elsewhere")).statusCode).toBe(201);
    expect((await say(bob, other.url, "elsewhere too")).statusCode).toBe(201);
    const notificationsOf = (userId: string) =>
      ctx.database.db.selectFrom("notifications").select("cause").where("user_id", "=", userId).execute();
    expect(await notificationsOf(ann.id)).toHaveLength(2);

    expect((await ctx.as("admin", { method: "DELETE", url: `/api/admin/blog/${post.id}` })).statusCode).toBe(204);
    const comments = await ctx.database.db.selectFrom("user_interactions").select(["content_id", "content"]).execute();
    expect(comments.filter((row) => row.content_id === post.url)).toEqual([]);
    expect(comments.filter((row) => row.content_id === other.url)).toHaveLength(2);
    expect(await notificationsOf(ann.id)).toHaveLength(1);
    expect((await read(post.url)).statusCode).toBe(404);
    // A new post at the same address starts a fresh discussion.
    const again = await create({ title: "Doomed" });
    expect(again.url).toBe(post.url);
    expect((await read(`/comments?contentId=${encodeURIComponent(again.url)}`)).json().total).toBe(0);
  });

  it("never leaves behind a comment added while its post is deleted", async () => {
    const post = await create({ title: "Contested" });
    const member = await joinAsMember(ctx.app, ctx.database, "racer_blog");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    // A comment's transaction, paused after it has checked the post and written the comment.
    const commenting = ctx.database.db.transaction().execute(async (trx) => {
      await holdCommentable({ db: trx, dialect: ctx.database.dialect }, post.url);
      await trx
        .insertInto("user_interactions")
        .values({
          id: "racing-comment",
          user_id: member.id,
          content_id: post.url,
          content_title: post.title,
          interaction_type: "comment",
          content: "just in time",
          created_at: Date.now(),
          edited_at: null,
        })
        .execute();
      holding();
      await held;
    });
    await isHolding;
    const deleting = ctx.as("admin", { method: "DELETE", url: `/api/admin/blog/${post.id}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await commenting;
    expect((await deleting).statusCode).toBe(204);
    const left = await ctx.database.db.selectFrom("user_interactions").select("id").where("content_id", "=", post.url);
    expect(await left.execute()).toEqual([]);
  });

  it("refuses a comment on a post whose deletion is under way", async () => {
    const post = await create({ title: "Going" });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const deleting = ctx.database.db.transaction().execute(async (trx) => {
      await deletePostWithComments({ db: trx }, { id: post.id, url: post.url });
      holding();
      await held;
    });
    await isHolding;
    const commenting = ctx.as("member", {
      method: "POST",
      url: "/api/comments",
      payload: { contentId: post.url, content: "too late" },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await deleting;
    const answer = await commenting;
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toBe("There is no blog post at this address");
    const left = await ctx.database.db.selectFrom("user_interactions").select("id").where("content_id", "=", post.url);
    expect(await left.execute()).toEqual([]);
  });
});
