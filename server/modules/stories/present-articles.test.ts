import { describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../../contracts/feeds.ts";
import type { Story } from "../../../contracts/stories.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { listArticles, upsertArticles } from "../articles/repository.ts";
import { PUBLIC_FEEDS, type VisibleFeeds } from "../articles/visible-feeds.ts";
import { presentArticles } from "./present-articles.ts";
import { DEFAULT_STORIES_WINDOW_MS } from "./service.ts";
import * as storyGroup from "./story-group.ts";

const now = Date.now();
const item = (id: string, hoursAgo: number, title: string, host: string) =>
  testItem(id, hoursAgo, now, { title, link: `https://${host}/${id}`, source: host });

const OUTAGE = "Solana outage halts block production for four hours";

describe.each(testDatabaseTargets())("story ids and read state on FeedItems on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "bitcoin",
        [
          item("b1", 3, OUTAGE, "coindesk.com"),
          item("b2", 2, "Miners move coins to exchanges after difficulty jump", "coindesk.com"),
          // The same outlet and title as b1, later: a duplicate the story leaves out.
          item("b3", 1, OUTAGE, "coindesk.com"),
          // Outside the 48-hour window: the same outlet and title, but not this story's.
          item("b4", 60, OUTAGE, "coindesk.com"),
        ],
        now,
      );
      await upsertArticles(
        database,
        "news",
        [
          item("n1", 2.5, "Solana network outage halts block production for 4 hours", "decrypt.co"),
          // b1 again, in another feed.
          { ...item("b1", 3, OUTAGE, "coindesk.com") },
        ],
        now,
      );
    },
  });

  const items = async (feed: string, cookies?: Record<string, string>): Promise<FeedItem[]> => {
    const response = await setup.app.inject({
      method: "GET",
      url: `/api/feeds/${feed}/items`,
      ...(cookies ? { cookies } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };
  const byId = (list: FeedItem[], id: string) => list.find((entry) => entry.id === id) as FeedItem;
  const outageStory = async () => {
    const { stories } = (await setup.app.inject({ method: "GET", url: "/api/stories?feed=gemwire" })).json();
    return (stories as Story[]).find((story) => story.title === OUTAGE) as Story;
  };

  it("gives two articles of one story in two feeds the story's id from /api/stories?feed=gemwire", async () => {
    const story = await outageStory();
    expect(story.articles.map((article) => article.id)).toEqual(["b1", "n1"]);
    const [bitcoin, news] = [await items("bitcoin"), await items("news")];
    expect(byId(bitcoin, "b1").story).toBe(story.id);
    expect(byId(news, "n1").story).toBe(story.id);
    // The same link in another feed, and a later duplicate of it from the same outlet, too.
    expect(byId(news, "b1").story).toBe(story.id);
    expect(byId(bitcoin, "b3").story).toBe(story.id);
  });

  it("gives null to an article in no story, and to an outlet's old post of a story's title", async () => {
    const bitcoin = await items("bitcoin");
    expect(byId(bitcoin, "b2").story).toBeNull();
    expect(byId(bitcoin, "b4").story).toBeNull();
  });

  it("builds the link-to-story map once per stories update, not per request", async () => {
    await items("bitcoin");
    const named = vi.spyOn(storyGroup, "storyIdOf");
    try {
      await items("bitcoin");
      await items("news");
      expect(named).not.toHaveBeenCalled();
      // A new article changes the stories: the map is built again, once.
      await upsertArticles(
        setup.database,
        "news",
        [item("n2", 0.5, "Solana outage halts block production for 4 hours", "theblock.co")],
        now,
      );
      const news = await items("news");
      await items("bitcoin");
      const story = await outageStory();
      expect(byId(news, "n2").story).toBe(story.id);
      expect(named.mock.calls.length).toBeGreaterThan(0);
      const calls = named.mock.calls.length;
      await items("news");
      expect(named.mock.calls.length).toBe(calls);
    } finally {
      named.mockRestore();
    }
  });

  it("marks the links a member read, for that member only; visitors see nothing read", async () => {
    const [ann, bob] = [await joinAsMember(setup.app, setup.database), await joinAsMember(setup.app, setup.database)];
    const marked = await setup.app.inject({
      method: "PUT",
      url: "/api/reading/read",
      cookies: ann.cookies,
      payload: { links: ["https://coindesk.com/b1"], read: true },
    });
    expect(marked.statusCode).toBe(200);
    // The link is read in every feed that carries it.
    expect(byId(await items("bitcoin", ann.cookies), "b1").read).toBe(true);
    expect(byId(await items("news", ann.cookies), "b1").read).toBe(true);
    expect(byId(await items("bitcoin", ann.cookies), "b2").read).toBe(false);
    expect(byId(await items("bitcoin", bob.cookies), "b1").read).toBe(false);
    expect(byId(await items("bitcoin"), "b1").read).toBe(false);
  });

  it("presents a page in a fixed number of queries, however many articles it has", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const rows = await listArticles(setup.database, { limit: 100 });
    let queries = 0;
    const counted = {
      ...setup.database,
      db: setup.database.db.withPlugin({
        transformQuery: (args) => {
          queries++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    };
    const count = async (size: number, viewer: string | null, visible?: VisibleFeeds) => {
      queries = 0;
      await presentArticles(counted, rows.slice(0, size), {
        viewerId: viewer,
        storiesWindowMs: DEFAULT_STORIES_WINDOW_MS,
        visible,
      });
      return queries;
    };
    // The first call clusters this handle's stories; after it, only the change check remains.
    await count(1, null);
    expect(rows.length).toBeGreaterThan(4);
    // Votes (2), the stories' change check (1), and the member's read state (1)…
    expect(await count(1, member.id, PUBLIC_FEEDS)).toBe(4);
    expect(await count(rows.length, member.id, PUBLIC_FEEDS)).toBe(4);
    // …and the member's followed feeds, when the caller did not give them.
    expect(await count(rows.length, member.id)).toBe(5);
    expect(await count(rows.length, null)).toBe(3);
  });
});
