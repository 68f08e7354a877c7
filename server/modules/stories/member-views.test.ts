import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../../contracts/feeds.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { type ArticleRow, upsertArticles } from "../articles/repository.ts";
import { PUBLIC_FEEDS, type VisibleFeeds } from "../articles/visible-feeds.ts";
import { presentArticles } from "./present-articles.ts";
import * as repository from "./repository.ts";
import {
  allStoriesOf,
  DEFAULT_STORIES_WINDOW_MS,
  KEPT_PER_STORIES,
  MEMBER_ARTICLES_MAX,
  storiesOf,
  storyCacheStats,
} from "./service.ts";
import { similarityRatio } from "./similarity.ts";
import { type StoryGroup, storyIdOf } from "./story-group.ts";
import { MINERS, STAKERS, seedPublicStories, storyItem } from "./test/public-stories.ts";
import { storiesVisibleTo } from "./visible.ts";

const now = Date.now();
const WINDOW = DEFAULT_STORIES_WINDOW_MS;
const A = "mf-aaaaaaaaaaaa";
const B = "mf-bbbbbbbbbbbb";

const QUOKKA = "Quokka token lists on a new exchange";
const QUOKKAS = "Quokka token lists on new exchanges";

const item = (id: string, hoursAgo: number, title: string, host: string) => storyItem(now, id, hoursAgo, title, host);

describe.each(testDatabaseTargets())("members' stories as each viewer sees them on $dialect", (target) => {
  let handle: TestDatabaseHandle;

  beforeEach(async () => {
    handle = await openTestDatabase(target);
    await seedPublicStories(handle.database, now);
  });
  afterEach(async () => {
    await handle.dispose();
  });

  const visibleTo = (followed: string[]): VisibleFeeds => (followed.length === 0 ? PUBLIC_FEEDS : { followed });
  const stories = (followed: string[] = []) => storiesVisibleTo(handle.database, WINDOW, visibleTo(followed), now);
  const linksOf = (list: StoryGroup[]) => list.map((story) => story.articles.map((row) => row.link).sort()).sort();
  const rowsOf = async (feedKey: string) =>
    (await handle.database.db
      .selectFrom("articles")
      .selectAll()
      .where("feed_key", "=", feedKey)
      .orderBy("id")
      .execute()) as ArticleRow[];
  const present = async (rows: ArticleRow[], followed: string[]): Promise<FeedItem[]> =>
    presentArticles(handle.database, rows, {
      viewerId: followed.length ? "member" : null,
      storiesWindowMs: WINDOW,
      now,
      visible: visibleTo(followed),
    });
  const storyOfLink = (items: FeedItem[], link: string) => items.find((entry) => entry.link === link)?.story;
  const idOfStoryWith = (list: StoryGroup[], link: string) => {
    const story = list.find((candidate) => candidate.articles.some((row) => row.link === link));
    return story ? storyIdOf(story) : undefined;
  };

  it("keeps a member's article in its followers' stories when a stranger's feed carries its link earlier", async () => {
    await upsertArticles(handle.database, A, [item("x1", 1, MINERS, "mine.example")], now);
    await upsertArticles(
      handle.database,
      B,
      [testItem("copy", 8, now, { title: MINERS, link: "https://mine.example/x1", source: "mine.example" })],
      now,
    );
    expect(linksOf(await stories([A]))).toContainEqual([
      "https://mine.example/x1",
      "https://one.example/m1",
      "https://two.example/m2",
    ]);
    // A follower of both feeds sees the link once.
    const both = await stories([A, B]);
    const links = both.flatMap((story) => story.articles.map((row) => row.link));
    expect(links.filter((link) => link === "https://mine.example/x1")).toHaveLength(1);
  });

  it("gives a link each viewer's own story id, not the one a stranger's feed gave it", async () => {
    // The same link in two member feeds, titled to join different public stories.
    await upsertArticles(handle.database, A, [item("x1", 1, MINERS, "mine.example")], now);
    await upsertArticles(
      handle.database,
      B,
      [testItem("copy", 1, now, { title: STAKERS, link: "https://mine.example/x1", source: "other.example" })],
      now,
    );
    const publicStories = await stories();
    const miners = idOfStoryWith(publicStories, "https://one.example/m1");
    const stakers = idOfStoryWith(publicStories, "https://three.example/s1");
    expect(miners).not.toBe(stakers);
    expect(storyOfLink(await present(await rowsOf(A), [A]), "https://mine.example/x1")).toBe(miners);
    expect(storyOfLink(await present(await rowsOf(B), [B]), "https://mine.example/x1")).toBe(stakers);
    // Visitors get the public ids alone: a member's link is in no story for them.
    expect(storyOfLink(await present(await rowsOf(A), []), "https://mine.example/x1")).toBeNull();
  });

  it("gives both cards of a story two followed member feeds make its id on the follower's /api/stories", async () => {
    expect(similarityRatio(QUOKKA, QUOKKAS)).toBeGreaterThanOrEqual(0.6);
    await upsertArticles(handle.database, A, [item("a1", 1, QUOKKA, "mine.example")], now);
    await upsertArticles(handle.database, B, [item("b1", 1, QUOKKAS, "other.example")], now);
    const both = await stories([A, B]);
    const id = idOfStoryWith(both, "https://mine.example/a1");
    expect(id).toBeDefined();
    expect(idOfStoryWith(both, "https://other.example/b1")).toBe(id);
    const items = await present([...(await rowsOf(A)), ...(await rowsOf(B))], [A, B]);
    expect(items.map((entry) => entry.story)).toEqual([id, id]);
    // A follower of one of them alone sees no such story.
    expect(storyOfLink(await present(await rowsOf(A), [A]), "https://mine.example/a1")).toBeNull();
  });

  it("gives a lone built-in article the story a followed member article makes with it", async () => {
    await upsertArticles(handle.database, "news", [item("lone", 2, QUOKKA, "five.example")], now);
    await upsertArticles(handle.database, A, [item("a1", 1, QUOKKAS, "mine.example")], now);
    const follower = await stories([A]);
    const id = idOfStoryWith(follower, "https://five.example/lone");
    expect(id).toBeDefined();
    const lone = (await rowsOf("news")).filter((row) => row.link === "https://five.example/lone");
    expect((await present(lone, [A]))[0]?.story).toBe(id);
    expect(storyOfLink(await present(await rowsOf(A), [A]), "https://mine.example/a1")).toBe(id);
    // For visitors the built-in article is in no story.
    expect((await present(lone, []))[0]?.story).toBeNull();
  });

  it("never builds the members' layer for a visitor's story ids", async () => {
    await upsertArticles(handle.database, A, [item("x1", 1, MINERS, "mine.example")], now);
    const items = await present(await rowsOf("bitcoin"), []);
    expect(items[0]?.story).toBe(
      idOfStoryWith(await storiesOf(handle.database, "gemwire", WINDOW, now), items[0]?.link ?? ""),
    );
    expect(storyCacheStats(handle.database, "members", WINDOW).updates).toBe(0);
  });

  it("keeps the most recently used viewer lists, up to KEPT_PER_STORIES", async () => {
    // Nine member feeds, each with an article in the miners' story: 511 sets of them.
    const keys = Array.from({ length: 9 }, (_, n) => `mf-${String(n).repeat(12)}`);
    for (const [n, key] of keys.entries()) {
      await upsertArticles(handle.database, key, [item(`k${n}`, 1, MINERS, `host${n}.example`)], now);
    }
    const members = (await allStoriesOf(handle.database, WINDOW, now)).members;
    if (!members) throw new Error("no members' layer");
    const sets = Array.from({ length: 2 ** keys.length - 1 }, (_, mask) =>
      keys.filter((_, bit) => ((mask + 1) >> bit) & 1),
    );
    const [first, ...others] = sets as [string[], ...string[][]];
    const kept = members.visibleTo(first);
    const filled = others.slice(0, KEPT_PER_STORIES - 10).map((set) => members.visibleTo(set));
    // Asked again, a list is the most recently used, so it outlives the lists asked for next.
    expect(members.visibleTo(first)).toBe(kept);
    for (const set of others.slice(KEPT_PER_STORIES - 10, KEPT_PER_STORIES + 40)) members.visibleTo(set);
    expect(members.visibleTo(first)).toBe(kept);
    // The least recently used went: asked again, it is built again (the same stories).
    expect(members.visibleTo(others[0] as string[])).not.toBe(filled[0]);
    expect(members.visibleTo(others[0] as string[])).toEqual(filled[0]);
    expect(members.visibleTo(others[KEPT_PER_STORIES - 11] as string[])).toBe(filled.at(-1));
  });

  it("holds at most MEMBER_ARTICLES_MAX member articles, the newest", async () => {
    const newest = vi.spyOn(repository, "newestMemberArticlesSince");
    try {
      await upsertArticles(
        handle.database,
        A,
        [item("old", 3, MINERS, "mine.example"), item("new", 1, STAKERS, "mine.example")],
        now,
      );
      const asked: number[] = [];
      // The cap as if it were 1: the layer takes what the query gives, and asks for the cap.
      newest.mockImplementation(async ({ db }, since, limit) => {
        asked.push(limit);
        const rows = await db
          .selectFrom("articles")
          .selectAll()
          .where("published_at", ">=", since)
          .where("feed_key", "like", "mf-%")
          .orderBy("published_at", "desc")
          .limit(1)
          .execute();
        return rows as ArticleRow[];
      });
      const follower = linksOf(await stories([A]));
      expect(asked).toEqual([MEMBER_ARTICLES_MAX]);
      expect(JSON.stringify(follower)).toContain("https://mine.example/new");
      expect(JSON.stringify(follower)).not.toContain("https://mine.example/old");
    } finally {
      newest.mockRestore();
    }
  });

  it("reads the newest member articles, earliest first, and no built-in ones", async () => {
    await upsertArticles(
      handle.database,
      A,
      [item("a1", 3, QUOKKA, "mine.example"), item("a2", 2, MINERS, "mine.example")],
      now,
    );
    await upsertArticles(handle.database, B, [item("b1", 1, STAKERS, "other.example")], now);
    const rows = await repository.newestMemberArticlesSince(handle.database, now - WINDOW, 2);
    expect(rows.map((row) => row.link)).toEqual(["https://mine.example/a2", "https://other.example/b1"]);
  });

  it("leaves the rows of a feed no longer configured out of the public stories and their signature", async () => {
    const before = linksOf(await stories());
    const updates = storyCacheStats(handle.database, "gemwire", WINDOW).updates;
    await upsertArticles(handle.database, "altcoins", [item("stale", 1, MINERS, "stale.example")], now);
    expect(linksOf(await stories())).toEqual(before);
    expect(storyCacheStats(handle.database, "gemwire", WINDOW).updates).toBe(updates);
    const builtIn = await repository.articlesSince(handle.database, now - WINDOW, { builtIn: true });
    expect(builtIn.map((row) => row.feed_key)).not.toContain("altcoins");
  });
});
