import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../feeds/repository.ts";
import { commentableTitle } from "./commentable.ts";

const now = Date.UTC(2026, 10, 25, 12);
const LINK = "https://news.example/shared";

describe.each(testDatabaseTargets())("a discussion's title on $dialect", (target) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
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

  it("comes from a member feed's copy when no built-in feed has the link", async () => {
    const only = "https://ledger.example/only-here";
    await upsertArticles(
      handle.database,
      "mf-abcdefabcdef",
      [testItem("m2", 1, now, { link: only, title: "Only here" })],
      now,
    );
    expect(await commentableTitle(handle.database, only)).toBe("Only here");
  });
});
