import { describe, expect, it } from "vitest";
import { article, communityTestApp, type Member } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { addComment } from "./comments.ts";

/** How notifications are numbered and batched (bounds: notification-caps.test.ts). */
describe.each(testDatabaseTargets())("notification numbers and batches on $dialect", (target) => {
  const ctx = communityTestApp(target);
  const db = () => ctx.handle.database.db;
  const unread = async (member: Member): Promise<number> => (await ctx.notifications(member)).json().unread;

  it("numbers each recipient's notifications 1…n without gaps when many members comment at once", async () => {
    const favoriters = await Promise.all(Array.from({ length: 4 }, () => ctx.join()));
    const commenters = await Promise.all(Array.from({ length: 6 }, () => ctx.join()));
    for (const member of favoriters) await ctx.favorite(member, article(8));
    const responses = await Promise.all(
      commenters.flatMap((member, m) => [0, 1, 2].map((i) => ctx.comment(member, article(8), `c${m}.${i}`))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    for (const member of [...favoriters, ...commenters]) {
      const rows = await db()
        .selectFrom("notifications")
        .select(["seq", "cause"])
        .where("user_id", "=", member.id)
        .orderBy("seq")
        .execute();
      const { notification_seq } = await db()
        .selectFrom("users")
        .select("notification_seq")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow();
      expect(
        rows.map((row) => row.seq),
        member.handle,
      ).toEqual(rows.map((_, i) => i + 1));
      expect(notification_seq).toBe(rows.length);
      expect(new Set(rows.map((row) => row.cause)).size).toBe(rows.length);
    }
    // Every favoriter heard of all 18.
    for (const member of favoriters) expect(await unread(member)).toBe(18);
  });

  it("notifies hundreds of favoriters in a few batched statements", async () => {
    const ann = await ctx.join();
    const now = Date.now();
    const ids = Array.from({ length: 450 }, (_, i) => `fan-${String(i).padStart(3, "0")}`);
    for (let start = 0; start < ids.length; start += 150) {
      const chunk = ids.slice(start, start + 150);
      await db()
        .insertInto("users")
        .values(chunk.map((id) => ({ id, handle: id, handle_key: id, password_hash: "x", created_at: now })))
        .execute();
      await db()
        .insertInto("favorites")
        .values(
          chunk.map((id) => ({
            user_id: id,
            link: article(9),
            item_id: "a9",
            title: "Article 9",
            description: "",
            image: null,
            source: "news.example",
            creator: "",
            published_at: now,
            created_at: now,
          })),
        )
        .execute();
    }
    let inserts = 0;
    const counted = db().withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === "InsertQueryNode" && JSON.stringify(node.into).includes('"notifications"')) inserts++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const comment = await addComment({ ...ctx.handle.database, db: counted }, ann.id, {
      contentId: article(9),
      content: "Hello, fans",
    });
    // 200 members a statement.
    expect(inserts).toBe(3);
    const rows = await db()
      .selectFrom("notifications")
      .select(["user_id", "seq"])
      .where("cause", "=", `comment:${comment.id}`)
      .execute();
    expect(rows).toHaveLength(450);
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set(ids));
    expect(rows.every((row) => row.seq === 1)).toBe(true);
  });
});
