import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { foldByStory } from "../../../contracts/reading-catalog.ts";
import type { Story } from "../../../contracts/stories.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { type ArticleRow, upsertArticles } from "../articles/repository.ts";
import { PUBLIC_FEEDS } from "../articles/visible-feeds.ts";
import { listStories } from "./answers.ts";
import { presentArticles } from "./present-articles.ts";
import { DEFAULT_STORIES_WINDOW_MS, storyCacheStats } from "./service.ts";
import { similarityRatio } from "./similarity.ts";
import { MINERS, STAKERS, seedPublicStories, storyItem } from "./test/public-stories.ts";
import { storiesVisibleTo } from "./visible.ts";

const now = Date.now();
const WINDOW = DEFAULT_STORIES_WINDOW_MS;
const MINE = "mf-aaaaaaaaaaaa";
const OTHER = "mf-bbbbbbbbbbbb";

// Two unrelated headlines, and one similar to both (checked below, so the premise holds).
const BRIDGE = "Bitcoin miners move coins as hashprice fees fall";

const item = (id: string, hoursAgo: number, title: string, host: string) => storyItem(now, id, hoursAgo, title, host);

describe.each(testDatabaseTargets())("members' feeds and the public stories on $dialect", (target) => {
  let handle: TestDatabaseHandle;

  beforeEach(async () => {
    handle = await openTestDatabase(target);
    await seedPublicStories(handle.database, now);
  });
  afterEach(async () => {
    await handle.dispose();
  });

  const stories = async (followed: string[] = []) =>
    JSON.parse(
      (
        await listStories(handle.database, {
          scope: "gemwire",
          limit: 50,
          windowMs: WINDOW,
          now,
          visible: followed.length === 0 ? PUBLIC_FEEDS : { followed },
        })
      )
        .body("identity")
        .bytes.toString(),
    ).stories as Story[];
  const linksOf = (list: Story[]) => list.map((story) => story.articles.map((a) => a.link).sort()).sort();
  const rows = async (feedKey?: string) => {
    let select = handle.database.db.selectFrom("articles").selectAll().orderBy("id");
    if (feedKey) select = select.where("feed_key", "=", feedKey);
    return (await select.execute()) as ArticleRow[];
  };

  it("keeps a built-in article in the public stories when a member's feed has it too, earlier", async () => {
    const before = linksOf(await stories());
    expect(before).toContainEqual(["https://one.example/m1", "https://two.example/m2"]);
    // The same link, dated earlier, in a member's feed: before, it replaced the built-in copy.
    await upsertArticles(
      handle.database,
      MINE,
      [testItem("copy", 9, now, { title: MINERS, link: "https://one.example/m1", source: "one.example" })],
      now,
    );
    expect(linksOf(await stories())).toEqual(before);
    expect(linksOf(await stories([MINE]))).toEqual(before);
  });

  it("never lets a member's article merge two unrelated stories for anyone else", async () => {
    expect(similarityRatio(MINERS, STAKERS)).toBeLessThan(0.6);
    expect(similarityRatio(BRIDGE, MINERS)).toBeGreaterThanOrEqual(0.6);
    expect(similarityRatio(BRIDGE, STAKERS)).toBeGreaterThanOrEqual(0.6);
    const publicStories = await stories();
    expect(publicStories).toHaveLength(2);
    await upsertArticles(handle.database, MINE, [item("bridge", 1, BRIDGE, "mine.example")], now);
    await upsertArticles(handle.database, OTHER, [item("other", 1, STAKERS, "other.example")], now);
    expect(linksOf(await stories())).toEqual(linksOf(publicStories));
    // A follower of another member feed sees its article join a story, but not the bridge's merge.
    const stranger = linksOf(await stories([OTHER]));
    expect(stranger).toHaveLength(2);
    expect(stranger).toContainEqual(["https://one.example/m1", "https://two.example/m2"]);
    expect(JSON.stringify(stranger)).not.toContain("mine.example");
    // Its own followers see the one story it makes, named after the earliest public story.
    const follower = await stories([MINE]);
    expect(follower).toHaveLength(1);
    expect(follower[0]?.articles).toHaveLength(5);
    const miners = publicStories.find((story) => story.title === MINERS) as Story;
    expect(follower[0]?.id).toBe(miners.id);
  });

  it("does not bring the public stories up to date when only a member's feed changed", async () => {
    await stories();
    const publicBefore = storyCacheStats(handle.database, "gemwire", WINDOW);
    await upsertArticles(handle.database, MINE, [item("x1", 1, MINERS, "mine.example")], now);
    const follower = await stories([MINE]);
    await stories();
    expect(storyCacheStats(handle.database, "gemwire", WINDOW)).toEqual(publicBefore);
    expect(storyCacheStats(handle.database, "members", WINDOW).updates).toBe(1);
    expect(linksOf(follower)).toContainEqual([
      "https://mine.example/x1",
      "https://one.example/m1",
      "https://two.example/m2",
    ]);
    // Another member-feed article: the members' layer compares only the new title.
    await upsertArticles(handle.database, MINE, [item("x2", 1, "Quiet day", "mine.example")], now);
    await stories([MINE]);
    expect(storyCacheStats(handle.database, "gemwire", WINDOW)).toEqual(publicBefore);
    expect(storyCacheStats(handle.database, "members", WINDOW)).toEqual({ updates: 2, compared: 1 });
  });

  it("gives built-in articles the public story ids and a follower's article the story it joins", async () => {
    await upsertArticles(
      handle.database,
      MINE,
      [
        item("x1", 6, MINERS, "mine.example"),
        item("own1", 1, "Quokka token lists on a new exchange", "mine.example"),
        item("own2", 1, "Quokka token lists on new exchanges", "mine.example"),
      ],
      now,
    );
    const publicStories = await stories();
    const publicIds = new Map(publicStories.flatMap((story) => story.articles.map((a) => [a.link, story.id])));
    const builtIn = (await rows()).filter((row) => !row.feed_key.startsWith("mf-"));
    const items = await presentArticles(handle.database, builtIn, { viewerId: null, storiesWindowMs: WINDOW, now });
    expect(items.map((i) => [i.link, i.story])).toEqual(builtIn.map((row) => [row.link, publicIds.get(row.link)]));

    // The member article is dated first, yet carries the public story's id and folds with it.
    const mine = await presentArticles(handle.database, await rows(MINE), {
      viewerId: "someone",
      storiesWindowMs: WINDOW,
      now,
      visible: { followed: [MINE] },
    });
    const joined = mine.find((i) => i.link === "https://mine.example/x1");
    expect(joined?.story).toBe(publicIds.get("https://one.example/m1"));
    const folds = foldByStory([...items, ...mine]);
    const fold = folds.find((f) => f.lead.link === "https://mine.example/x1");
    expect(fold?.more.map((i) => i.link).sort()).toEqual(["https://one.example/m1", "https://two.example/m2"]);

    // The follower's stories: the same ids for the joined story and the member-only one.
    const follower = await stories([MINE]);
    const own = mine.find((i) => i.link === "https://mine.example/own1");
    expect(own?.story).toMatch(/^story-\d+$/);
    expect(mine.find((i) => i.link === "https://mine.example/own2")?.story).toBe(own?.story);
    const followerIds = new Map(follower.flatMap((story) => story.articles.map((a) => [a.link, story.id])));
    for (const i of mine) expect(i.story).toBe(followerIds.get(i.link));
    expect(followerIds.get("https://mine.example/x1")).toBe(publicIds.get("https://one.example/m1"));
    // Strangers see no trace of it.
    expect(JSON.stringify(await stories([OTHER]))).not.toContain("mine.example");
  });

  it("lets the members' layer go when members' feeds have no articles in the window", async () => {
    expect((await storiesVisibleTo(handle.database, WINDOW, { followed: [MINE] }, now)).length).toBe(2);
    expect(storyCacheStats(handle.database, "members", WINDOW).updates).toBe(0);
  });
});
