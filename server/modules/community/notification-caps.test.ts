import { describe, expect, it } from "vitest";
import type { NotificationsTable } from "../../db/schema.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { article, communityTestApp, type Member } from "../../test/community.ts";
import { openDatabaseBefore, testDatabaseTargets } from "../../test/databases.ts";
import { insertNotifications, NOTIFICATIONS_KEPT, UNREAD_PER_ACTOR } from "../notifications/repository.ts";
import { addComment } from "./comments.ts";

const DAY = 86_400_000;

/** How many notifications one member may cause another, and which go first past the 500 kept. */
describe.each(testDatabaseTargets())("notification caps on $dialect", (target) => {
  const ctx = communityTestApp(target);
  const database = () => ctx.handle.database;
  const db = () => database().db;
  const rowsOf = (member: Member) =>
    db()
      .selectFrom("notifications")
      .select(["seq", "kind", "cause", "actor_id", "read_at"])
      .where("user_id", "=", member.id)
      .orderBy("seq")
      .execute();
  const unreadFrom = async (member: Member, actor: Member) =>
    (await rowsOf(member)).filter((row) => row.actor_id === actor.id && row.read_at === null).length;
  const outcome = (member: Member, id: string) =>
    db()
      .transaction()
      .execute((trx) =>
        insertNotifications(
          { db: trx, dialect: database().dialect },
          [
            {
              userId: member.id,
              kind: "prediction",
              title: "Prediction Won",
              description: "Your prediction won",
              target: "/predictions",
              cause: `prediction:${id}`,
              actorId: null,
            },
          ],
          Date.now(),
        ),
      );
  const say = (member: Member, link: string, content: string) =>
    addComment(database(), member.id, { contentId: link, content });

  it("lets one member leave at most 10 unread with another, so a flood of mentions pushes nothing out", async () => {
    const [victim, bob, flooder] = [await ctx.join(), await ctx.join(), await ctx.join()];
    await outcome(victim, `flood-${victim.id}`);
    await ctx.favorite(victim, article(4));
    await say(bob, article(4), "Bob on article 4");
    // More than the 500 kept: without the cap these alone would push out the two above.
    for (let i = 0; i < NOTIFICATIONS_KEPT + 20; i++) await say(flooder, article(5), `@${victim.handle} ${i}`);
    const rows = await rowsOf(victim);
    expect(rows.map((row) => [row.kind, row.actor_id])).toEqual([
      ["prediction", null],
      ["comment", bob.id],
      ...Array.from({ length: UNREAD_PER_ACTOR }, () => ["mention", flooder.id]),
    ]);
    // Numbered without gaps: skipped notifications take no number.
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await unreadFrom(victim, flooder)).toBe(UNREAD_PER_ACTOR);
    // Others still get through.
    await say(bob, article(4), "Bob again");
    expect((await rowsOf(victim)).at(-1)).toMatchObject({ kind: "comment", actor_id: bob.id });
  });

  it("counts only unread: reading one lets the next one through, whatever its kind", async () => {
    const [reader, chatty] = [await ctx.join(), await ctx.join()];
    await ctx.favorite(reader, article(6));
    for (let i = 0; i < UNREAD_PER_ACTOR + 3; i++) await say(chatty, article(6), `comment ${i}`);
    await say(chatty, article(7), `@${reader.handle} a mention is capped too`);
    expect(await unreadFrom(reader, chatty)).toBe(UNREAD_PER_ACTOR);
    expect((await rowsOf(reader)).map((row) => row.kind)).not.toContain("mention");
    const [first] = (await ctx.notifications(reader, "?limit=50")).json().notifications.slice(-1);
    const read = await ctx.app.inject({
      method: "POST",
      url: `/api/notifications/${first.id}/read`,
      cookies: reader.cookies,
    });
    expect(read.statusCode).toBe(200);
    await say(chatty, article(7), `@${reader.handle} now it arrives`);
    await say(chatty, article(7), `@${reader.handle} but not this one`);
    const rows = await rowsOf(reader);
    expect(rows).toHaveLength(UNREAD_PER_ACTOR + 1);
    expect(rows.at(-1)).toMatchObject({ kind: "mention", actor_id: chatty.id, read_at: null });
    expect(await unreadFrom(reader, chatty)).toBe(UNREAD_PER_ACTOR);
  });

  it("forgets who caused a notification when that account is purged, and keeps the notification", async () => {
    const [reader, leaver] = [await ctx.join(), await ctx.join()];
    await outcome(reader, `purge-${reader.id}`);
    const now = Date.now();
    await db().updateTable("notifications").set({ actor_id: leaver.id }).where("user_id", "=", reader.id).execute();
    await db()
      .updateTable("users")
      .set({ deleted_at: now - 40 * DAY })
      .where("id", "=", leaver.id)
      .execute();
    await runMaintenance(
      {
        database: database(),
        dataDir: "/nonexistent",
        accountPurgeMs: 30 * DAY,
        holder: "t",
        log: createLogger({ logLevel: "silent" }),
      },
      now,
    );
    expect(await db().selectFrom("users").select("id").where("id", "=", leaver.id).execute()).toEqual([]);
    expect((await rowsOf(reader)).map((row) => [row.kind, row.actor_id])).toEqual([["prediction", null]]);
  });

  it("keeps 500: read ones go first, then unread comments, and unread prediction outcomes last", async () => {
    const [ann, bob] = [await ctx.join(), await ctx.join()];
    const now = Date.now();
    const kindOf = (seq: number) => (seq <= 2 ? "prediction" : "comment");
    // 1: unread outcome, 2: read outcome, 3-5: unread comments, 6-7: read, 8-500: unread.
    const readSeqs = new Set([2, 6, 7]);
    const rows: NotificationsTable[] = Array.from({ length: NOTIFICATIONS_KEPT }, (_, i) => ({
      id: `kept-${bob.id}-${i + 1}`,
      user_id: bob.id,
      seq: i + 1,
      kind: kindOf(i + 1),
      title: "Old",
      description: `old ${i + 1}`,
      target: null,
      cause: `old:${i + 1}`,
      actor_id: null,
      read_at: readSeqs.has(i + 1) ? now : null,
      // The first ten are past the 90 days.
      created_at: i < 10 ? now - 91 * DAY : now - DAY,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await db()
        .insertInto("notifications")
        .values(rows.slice(start, start + 100))
        .execute();
    }
    await db().updateTable("users").set({ notification_seq: NOTIFICATIONS_KEPT }).where("id", "=", bob.id).execute();
    await ctx.favorite(bob, article(9));
    /** Which of the first 500 are gone (the new ones all stay). */
    const gone = async () => {
      const seqs = new Set((await rowsOf(bob)).map((row) => row.seq));
      return rows.map((row) => row.seq).filter((seq) => !seqs.has(seq));
    };
    const expected = [[2], [2, 6], [2, 6, 7], [2, 3, 6, 7], [2, 3, 4, 6, 7]];
    for (const [i, missing] of expected.entries()) {
      await say(ann, article(9), `new ${i}`);
      expect(await rowsOf(bob), `after new ${i}`).toHaveLength(NOTIFICATIONS_KEPT);
      expect(await gone(), `after new ${i}`).toEqual(missing);
    }
    // The unread outcome outlived every unread comment older than it.
    expect((await rowsOf(bob))[0]).toMatchObject({ seq: 1, kind: "prediction", read_at: null });
    // Past 90 days everything goes, read or not.
    await runMaintenance(
      {
        database: database(),
        dataDir: "/nonexistent",
        accountPurgeMs: 30 * DAY,
        holder: "t",
        log: createLogger({ logLevel: "silent" }),
      },
      now,
    );
    expect(Math.min(...(await rowsOf(bob)).map((row) => row.seq))).toBe(11);
  });
});

describe.each(testDatabaseTargets())("migration 012 on $dialect", (target) => {
  it("names the author of each comment notification written before it", async () => {
    const { database, migrateRest, dispose } = await openDatabaseBefore(target, "012");
    try {
      for (const id of ["u1", "u2"]) {
        await database.db
          .insertInto("users")
          .values({ id, handle: id, handle_key: id, password_hash: "x", created_at: 1_000 })
          .execute();
      }
      await database.db
        .insertInto("user_interactions")
        .values({
          id: "c1",
          user_id: "u2",
          content_id: "https://news.example/a1",
          content_title: "Article 1",
          interaction_type: "comment",
          content: "hi @u1",
          created_at: 1_000,
          edited_at: null,
        })
        .execute();
      const old = (seq: number, kind: "comment" | "mention" | "prediction", cause: string) => ({
        id: `n${seq}`,
        user_id: "u1",
        seq,
        kind,
        title: "t",
        description: "d",
        target: null,
        cause,
        read_at: null,
        created_at: 1_000,
      });
      await database.db
        .insertInto("notifications")
        .values([
          old(1, "mention", "comment:c1"),
          old(2, "comment", "comment:gone"),
          old(3, "prediction", "prediction:p"),
        ])
        .execute();
      expect(await migrateRest()).toContain("012_notification_actors");
      const rows = await database.db.selectFrom("notifications").select(["seq", "actor_id"]).orderBy("seq").execute();
      expect(rows).toEqual([
        { seq: 1, actor_id: "u2" },
        { seq: 2, actor_id: null },
        { seq: 3, actor_id: null },
      ]);
    } finally {
      await dispose();
    }
  });
});
