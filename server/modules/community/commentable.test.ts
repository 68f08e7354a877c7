import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { commentableTitle } from "./commentable.ts";

const now = Date.UTC(2026, 10, 25, 12);
const LINK = "https://news.example/shared";

describe.each(testDatabaseTargets())("a discussion's title on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
  });
  afterAll(async () => handle.dispose());

  it("comes from a built-in feed's copy, even when a member's own feed carries the link under a newer title", async () => {
    await upsertArticles(
      handle.database,
      "news",
      [testItem("n1", 2, now, { link: LINK, title: "The outlet's title" })],
      now,
    );
    await upsertArticles(
      handle.database,
      "mf-abcdefabcdef",
      [testItem("m1", 1, now, { link: LINK, title: "A member feed's own words" })],
      now + 1_000,
    );
    expect(await commentableTitle(handle.database, LINK)).toBe("The outlet's title");
  });

  it("comes from a member feed's copy only for its followers: a stranger cannot open that discussion", async () => {
    const db = handle.database.db;
    for (const id of ["follower", "stranger"]) {
      await db
        .insertInto("users")
        .values({
          id,
          handle: id,
          handle_key: id,
          password_hash: "x",
          email: null,
          username: null,
          avatar: null,
          created_at: now,
          deleted_at: null,
        })
        .execute();
    }
    await db
      .insertInto("member_feeds")
      .values({ key: "mf-abcdefabcdef", url: "https://ledger.example/feed.xml", title: "Ledger", created_at: now })
      .execute();
    await db
      .insertInto("member_feed_follows")
      .values({ user_id: "follower", feed_key: "mf-abcdefabcdef", site_url: null, added_at: now })
      .execute();
    const only = "https://ledger.example/only-here";
    await upsertArticles(
      handle.database,
      "mf-abcdefabcdef",
      [testItem("m2", 1, now, { link: only, title: "Only here" })],
      now,
    );
    expect(await commentableTitle(handle.database, only, "follower")).toBe("Only here");
    await expect(commentableTitle(handle.database, only, "stranger")).rejects.toThrow(
      "There is no article at this address to comment on",
    );
    await expect(commentableTitle(handle.database, only)).rejects.toThrow(
      "There is no article at this address to comment on",
    );
  });
});
