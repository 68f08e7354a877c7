import type { InjectOptions } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { type BlogPost, blogPostSchema, blogSummariesSchema } from "../../../contracts/content.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

describe.each(testDatabaseTargets())("blog on $dialect", (target) => {
  const ctx = contentTestApp(target);
  const posts = () => ctx.database.db.selectFrom("blog_posts").selectAll().orderBy("created_at").execute();
  const create = (form: object): Promise<BlogPost> =>
    ctx.admin({ method: "POST", url: "/api/admin/blog", payload: form });
  const read = (path: string) => ctx.as("visitor", { method: "GET", url: `/api${path}` });

  beforeEach(async () => {
    await ctx.database.db.deleteFrom("blog_posts").execute();
  });

  const adminCalls: Array<[string, (id: string) => InjectOptions]> = [
    ["GET /api/admin/blog", () => ({ method: "GET", url: "/api/admin/blog" })],
    ["POST /api/admin/blog", () => ({ method: "POST", url: "/api/admin/blog", payload: { title: "Sneaky" } })],
    ["PUT /api/admin/blog/:id", (id) => ({ method: "PUT", url: `/api/admin/blog/${id}`, payload: { title: "X" } })],
    ["DELETE /api/admin/blog/:id", (id) => ({ method: "DELETE", url: `/api/admin/blog/${id}` })],
    ["POST /api/admin/blog/images", () => ({ method: "POST", url: "/api/admin/blog/images", payload: {} })],
    [
      "POST /api/admin/blog/extract",
      () => ({ method: "POST", url: "/api/admin/blog/extract", payload: { url: "https://news.example/a" } }),
    ],
  ];

  it.each(adminCalls)(
    "%s is for the admin only: 401 for visitors and members, and nothing changes",
    async (_, call) => {
      const kept = await create({ title: "Kept" });
      for (const who of ["visitor", "member"] as const) {
        const response = await ctx.as(who, call(kept.id));
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({ code: "unauthenticated", message: "Admin sign-in required" });
      }
      expect((await posts()).map((row) => [row.id, row.title])).toEqual([[kept.id, "Kept"]]);
    },
  );

  it("stores a post at /blog/<slug from the title>, with tags split on commas, and serves it to anyone", async () => {
    const response = await ctx.as("admin", {
      method: "POST",
      url: "/api/admin/blog",
      payload: {
        title: "  Bitcoin: Ünïcode & Halving! ",
        excerpt: "Why it matters",
        content: "First paragraph.\n\nSecond one,\nwith a line break.",
        author: "Ada",
        date: "2026-04-20T12:00:00+02:00",
        tags: " bitcoin, Halving,, BITCOIN ,mining ",
        image: "https://img.example/halving.png",
      },
    });
    expect(response.statusCode).toBe(201);
    const post = blogPostSchema.parse(response.json());
    expect(post).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      slug: "bitcoin-unicode-halving",
      url: "/blog/bitcoin-unicode-halving",
      title: "Bitcoin: Ünïcode & Halving!",
      excerpt: "Why it matters",
      content: "First paragraph.\n\nSecond one,\nwith a line break.",
      author: "Ada",
      date: "2026-04-20T10:00:00.000Z",
      tags: ["bitcoin", "Halving", "mining"],
      image: "https://img.example/halving.png",
    });
    expect((await read("/blog/bitcoin-unicode-halving")).json()).toEqual(post);
    const { content: _content, ...summary } = post;
    expect(blogSummariesSchema.parse((await read("/blog")).json())).toEqual({ posts: [summary], next: null });
  });

  it("needs no field at all: an empty post is dated now and lives at /blog/post", async () => {
    const before = Date.now();
    const post = await create({});
    expect(post).toMatchObject({ slug: "post", title: "", content: "", tags: [], image: null });
    expect(Date.parse(post.date)).toBeGreaterThanOrEqual(before - 1000);
    expect((await create({ tags: ["a", " b ", ""] })).tags).toEqual(["a", "b"]);
  });

  it("makes slugs unique with -2, -3…", async () => {
    const slugs = [];
    for (const title of ["Hello World", "hello world!", "HELLO, WORLD", "Hello World 2", "Héllo Wörld"]) {
      slugs.push((await create({ title })).slug);
    }
    expect(slugs).toEqual(["hello-world", "hello-world-2", "hello-world-3", "hello-world-2-2", "hello-world-4"]);
  });

  it("gives posts created at the same moment with the same title different slugs", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.as("admin", { method: "POST", url: "/api/admin/blog", payload: { title: "Race" } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const slugs = answers.map((answer) => answer.json().slug).sort();
    expect(slugs).toEqual(["race", "race-2", "race-3", "race-4", "race-5", "race-6", "race-7", "race-8"].sort());
    expect(await posts()).toHaveLength(8);
  });

  it("keeps a post's slug when its title changes, so a shared address never breaks", async () => {
    const post = await create({ title: "First title", tags: "a", date: "2026-01-02T00:00:00Z" });
    const changed: BlogPost = await ctx.admin({
      method: "PUT",
      url: `/api/admin/blog/${post.id}`,
      payload: { title: "A completely new title", content: "Now with text", tags: ["b", "c"] },
    });
    expect(changed).toMatchObject({ id: post.id, slug: "first-title", url: "/blog/first-title" });
    expect(changed).toMatchObject({ title: "A completely new title", content: "Now with text", tags: ["b", "c"] });
    // No date sent: the post keeps its own.
    expect(changed.date).toBe("2026-01-02T00:00:00.000Z");
    expect((await read("/blog/first-title")).json()).toEqual(changed);
    expect((await read("/blog/a-completely-new-title")).statusCode).toBe(404);
    // The new title's slug stays free for a new post.
    expect((await create({ title: "A completely new title" })).slug).toBe("a-completely-new-title");
  });

  it("answers 'Post not found' for a missing post, an address that is no slug, and unknown ids", async () => {
    await create({ title: "Present" });
    // An address typed with capitals finds the post, as the app's router matches it.
    expect((await read("/blog/Present")).json()).toMatchObject({ slug: "present", title: "Present" });
    for (const path of ["/blog/absent", "/blog/pre%20sent", `/blog/${"a".repeat(90)}`]) {
      const response = await read(path);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "not_found", message: "Post not found" });
    }
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await ctx.as("admin", { method, url: "/api/admin/blog/nope", payload: { title: "x" } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Post not found");
    }
  });

  it("serves a post titled 'Images' at /api/blog/images", async () => {
    const post = await create({ title: "Images" });
    expect((await read("/blog/images")).json()).toEqual(post);
  });

  it.each([
    ["a NUL in the title", { title: "a\u0000b" }, "body.title: Must not contain control characters"],
    ["a line break in the title", { title: "a\nb" }, "body.title: Must not contain control characters"],
    ["an escape in the content", { content: "a\u001bb" }, "body.content: Must not contain control characters other"],
    ["half a surrogate pair in the author", { author: "a\ud800" }, "body.author: Must not contain broken characters"],
    ["a title of 201 characters", { title: "x".repeat(201) }, "body.title"],
    ["content of 100,001 characters", { content: "x".repeat(100_001) }, "body.content"],
    ["21 tags", { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") }, "At most 20 tags"],
    ["a tag of 41 characters", { tags: `ok, ${"t".repeat(41)}` }, "A tag can be at most 40 characters"],
    ["a javascript: image", { image: "javascript:alert(1)" }, "body.image: image must be an https address or"],
    ["a plain http image", { image: "http://img.example/a.png" }, "body.image: image must be an https address or"],
    ["an image path outside the uploads", { image: "/api/blog/images/../../x.webp" }, "body.image"],
    ["a date that is no date", { date: "soon" }, "body.date: date must be a date"],
    ["a date in the year 10000", { date: "+010000-01-01T00:00:00Z" }, "between the years 1970 and 9999"],
  ])("refuses %s with 400 naming it, storing nothing", async (_, form, message) => {
    const response = await ctx.as("admin", { method: "POST", url: "/api/admin/blog", payload: form });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.json().error.message).toContain(message);
    expect(await posts()).toEqual([]);
  });

  it("refuses an uploaded image's address that holds no upload", async () => {
    const response = await ctx.as("admin", {
      method: "POST",
      url: "/api/admin/blog",
      payload: { title: "Ghost", image: "/api/blog/images/0b6c7a4e-2f1d-4c3b-9a8e-7d6c5b4a3f2e.webp" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("image: there is no uploaded image at that address (upload it again)");
    expect(await posts()).toEqual([]);
  });

  it("lists posts for readers without their content; the admin's list has it", async () => {
    await create({ title: "Long read", excerpt: "Short.", content: "x".repeat(50_000) });
    const listed = (await read("/blog")).json().posts[0];
    expect(listed).toMatchObject({ title: "Long read", excerpt: "Short." });
    expect(listed).not.toHaveProperty("content");
    expect((await read("/blog/long-read")).json().content).toHaveLength(50_000);
    const admin = await ctx.as("admin", { method: "GET", url: "/api/admin/blog" });
    expect(admin.json().posts[0].content).toHaveLength(50_000);
  });

  it("lists posts newest first, a page at a time, every post once", async () => {
    const dates = ["2026-01-05", "2026-03-01", "2026-02-10", "2026-03-01", "2025-12-31"];
    for (const [i, date] of dates.entries()) await create({ title: `Post ${i}`, date });
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = before ? `&before=${encodeURIComponent(before)}` : "";
      const body = blogSummariesSchema.parse((await read(`/blog?limit=2${query}`)).json());
      expect(body.posts.length).toBeLessThanOrEqual(2);
      seen.push(...body.posts.map((post) => post.title));
      before = body.next;
      if (!before) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(["Post 1", "Post 3"]));
    expect(seen.slice(2)).toEqual(["Post 2", "Post 0", "Post 4"]);
    for (const bad of ["/blog?before=yesterday", "/blog?limit=51", "/blog?limit=0"]) {
      expect((await read(bad)).statusCode).toBe(400);
    }
  });

  it("searches the admin's list in title, excerpt, author and tags, ignoring case", async () => {
    await create({ title: "Halving explained", date: "2026-01-01" });
    await create({ title: "Fees", excerpt: "Why MEMPOOL fees spike", date: "2026-01-02" });
    await create({ title: "Interview", author: "Satoshi Nakamoto", date: "2026-01-03" });
    await create({ title: "Weekly", tags: "Solana, NFTs", date: "2026-01-04" });
    await create({ title: "Quiet", content: "halving mentioned only in the content", date: "2026-01-05" });
    const search = async (q: string) => {
      const body = await ctx.admin({ method: "GET", url: `/api/admin/blog?q=${encodeURIComponent(q)}` });
      return body.posts.map((post: BlogPost) => post.title);
    };
    expect(await search("HALVING")).toEqual(["Halving explained"]);
    expect(await search("mempool")).toEqual(["Fees"]);
    expect(await search("satoshi")).toEqual(["Interview"]);
    expect(await search("nfts")).toEqual(["Weekly"]);
    expect(await search("%")).toEqual([]);
    expect(await search("")).toEqual(["Quiet", "Weekly", "Interview", "Fees", "Halving explained"]);
    const paged = await ctx.admin({ method: "GET", url: "/api/admin/blog?limit=2" });
    expect(paged.posts).toHaveLength(2);
    expect(paged.next).toEqual(expect.any(String));
  });
});
