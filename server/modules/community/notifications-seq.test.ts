import { describe, expect, it, vi } from "vitest";
import { communityTestApp, type Member } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import * as repository from "../notifications/repository.ts";
import { getNotifications, readAllNotifications } from "./notifications.ts";

/** Runs just before getNotifications lists the rows, after it has read the member's number. */
const hooks = vi.hoisted(() => ({ beforeList: null as null | (() => Promise<void>) }));

vi.mock("../notifications/repository.ts", async (importOriginal) => {
  const original = await importOriginal<typeof repository>();
  return {
    ...original,
    listNotifications: async (...args: Parameters<typeof original.listNotifications>) => {
      const hook = hooks.beforeList;
      hooks.beforeList = null;
      await hook?.();
      return original.listNotifications(...args);
    },
  };
});

describe.each(testDatabaseTargets())("the list's seq on $dialect", (target) => {
  const ctx = communityTestApp(target);
  const notify = (member: Member, cause: string) =>
    ctx.handle.database.db.transaction().execute((trx) =>
      repository.insertNotifications(
        { db: trx, dialect: ctx.handle.database.dialect },
        [
          {
            userId: member.id,
            kind: "comment",
            title: "New Comment",
            description: cause,
            target: null,
            cause,
            actorId: null,
          },
        ],
        Date.now(),
      ),
    );

  it("covers a notification committed between reading the number and the rows, so read-all leaves none behind", async () => {
    const member = await ctx.join();
    await notify(member, "comment:before");
    hooks.beforeList = () => notify(member, "comment:between");
    const listed = await getNotifications(ctx.handle.database, member.id, { limit: 20 });
    expect(hooks.beforeList).toBeNull();
    expect(listed.notifications.map((notification) => [notification.seq, notification.description])).toEqual([
      [2, "comment:between"],
      [1, "comment:before"],
    ]);
    expect(listed.seq).toBe(2);
    expect(listed.unread).toBe(2);
    expect(await readAllNotifications(ctx.handle.database, member.id, listed.seq)).toEqual({ unread: 0 });
  });

  it("still answers the latest number when the page shows older ones", async () => {
    const member = await ctx.join();
    for (const cause of ["comment:1", "comment:2", "comment:3"]) await notify(member, cause);
    const older = await getNotifications(ctx.handle.database, member.id, { before: 2, limit: 20 });
    expect(older.notifications.map((notification) => notification.seq)).toEqual([1]);
    expect(older.seq).toBe(3);
  });
});
