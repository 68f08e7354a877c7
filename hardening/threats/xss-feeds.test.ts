/**
 * T1 — stored XSS through feeds. Hostile RSS, Atom and JSON Feed (hardening/hostile-feeds.ts:
 * every markup payload in every XML encoding, a hostile address in every place a feed
 * gives one) are served on 127.0.0.1, fetched by a real refresh (built-in feeds and a
 * member's own feed), and then every GET route of the app is read back: each answer that
 * carries stored items holds no markup and no address that is not http(s); the
 * published RSS and OPML are well-formed XML whose text decodes to inert text; the JSON
 * Feed likewise. The routes come from the app, so a new route fails this test until it
 * is either read here or named below with why it carries no feed text.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { feedCatalog } from "../../server/modules/articles/catalog.ts";
import { refreshDueFeeds } from "../../server/modules/feeds/refresh.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { LOCAL_INTERNET } from "../../server/modules/member-feeds/test/fixture.ts";
import { createGuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { startFeedServer } from "../../server/test/feed-server.ts";
import { type HostileItem, hostileAtom, hostileItems, hostileJsonFeed, hostileRss } from "../hostile-feeds.ts";
import { LINKS, MARKUP, QUICK_LINKS, QUICK_MARKUP } from "../payloads.ts";
import { getRoutes, NO_STORED_TEXT } from "../routes.ts";
import { scale } from "../scale.ts";
import { API_IDS, unsafeInJson, unsafeInXml } from "../stored-text.ts";
import { tried } from "../tally.ts";
import { readXml } from "../xml.ts";

/**
 * GET routes that carry no text or address from a feed, and why; every other GET route is
 * read below. (Trends, the reader view and page analysis read other sources than feeds:
 * their own hostile-page tests are named in the README's threat table.)
 */
const NO_FEED_TEXT: Record<string, string> = {
  ...NO_STORED_TEXT,
  "/api/admin/invites": "invitations",
  "/api/admin/events": "events (members' and admins' text: xss-members.test.ts)",
  "/api/events": "events (xss-members.test.ts)",
  "/api/admin/blog": "blog posts (xss-members.test.ts)",
  "/api/blog": "blog posts (xss-members.test.ts)",
  "/api/blog/:slug": "a blog post (xss-members.test.ts)",
  "/feeds/blog.xml": "the blog's feed (xss-members.test.ts)",
  "/api/predictions": "predictions",
  "/api/gems": "GEMS balances",
  "/api/leaderboard": "GEMS standings",
  "/api/analysis": "a page read live, not stored feed text (server/modules/analysis/analysis-pages.test.ts)",
  "/api/analysis/story": "the story's pages read live (server/modules/analysis/story.test.ts)",
};

const silent = createLogger({ logLevel: "silent" });

describe.each(testDatabaseTargets())(
  "T1 stored XSS through feed HTML, titles, descriptions and links, on $dialect",
  (target) => {
    const markup = scale(QUICK_MARKUP, MARKUP);
    const links = scale(QUICK_LINKS, LINKS);
    const rssItems = hostileItems(markup, links);
    const atomItems = hostileItems(markup, [...links].reverse());
    // JSON has no XML encoding to vary: one item per payload, every address form in turn.
    const jsonItems = hostileItems(markup, links).filter((_, i) => i % 5 === 0);
    const hostile: HostileItem[] = [...rssItems, ...atomItems, ...jsonItems];
    /**
     * The hostile inputs sent: each item as stored from each feed that carries it (the RSS
     * items twice, as a built-in feed and as the member's own), and the member feed's title.
     */
    const sent = rssItems.length * 2 + atomItems.length + jsonItems.length + 1;
    let site: Awaited<ReturnType<typeof startFeedServer>>;
    let member: Awaited<ReturnType<typeof joinAsMember>>;
    let replier: Awaited<ReturnType<typeof joinAsMember>>;
    let memberFeedKey = "";
    const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 10_000 });
    const memberFetcher = createMemberFeedFetch(
      loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }),
      { timeoutMs: 10_000 },
      LOCAL_INTERNET,
    );

    // Registered before the app's, so it runs after the app is closed and the database dropped.
    afterAll(async () => {
      await site?.close();
      await fetcher.close();
      await memberFetcher.close();
    });
    const setup = useTestApp(target, async () => {
      site = await startFeedServer({
        "/bitcoin": { type: "application/rss+xml", body: hostileRss(rssItems) },
        "/news": { type: "application/atom+xml", body: hostileAtom(atomItems) },
        "/market": { type: "application/feed+json", body: hostileJsonFeed(jsonItems) },
        "/member.xml": { type: "application/rss+xml", body: hostileRss(rssItems, "<script>alert(1)</script>Mine") },
      });
      return {
        env: { ALLOW_PRIVATE_SOURCES: "1", PUBLIC_URL: "https://gemwire.example" },
        memberFeeds: { fetchPolicy: LOCAL_INTERNET },
      };
    });

    beforeAll(async () => {
      member = await joinAsMember(setup.app, setup.database);
      replier = await joinAsMember(setup.app, setup.database);
      const added = await setup.app.inject({
        method: "POST",
        url: "/api/me/feeds",
        payload: { address: `${site.base}/member.xml` },
        cookies: member.cookies,
      });
      expect(added.statusCode, added.body).toBe(201);
      memberFeedKey = added.json().feed.key;
      // The refresh the scheduler runs: the built-in feeds at the hostile server, and the member's feed.
      const summary = await refreshDueFeeds({
        database: setup.database,
        sources: {
          feeds: feedCatalog
            .filter((feed) => ["bitcoin", "news", "market"].includes(feed.key))
            .map((feed) => ({ ...feed, url: `${site.base}/${feed.key}` })),
          relays: [],
        },
        fetcher,
        memberFeeds: { fetcher: memberFetcher },
        refreshMs: 300_000,
        retention: { maxItems: 1_000, maxAgeMs: 30 * 86_400_000 },
        holder: "xss-feeds",
        log: silent,
        sleep: async () => {},
      });
      expect(summary.outcomes, JSON.stringify(summary)).toEqual({ updated: 4 });
    });

    const as = (who?: { cookies: Record<string, string> }): Partial<InjectOptions> =>
      who ? { cookies: who.cookies } : {};
    const get = async (url: string, who?: { cookies: Record<string, string> }) => {
      const response = await setup.app.inject({ method: "GET", url, ...as(who) });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      return response;
    };

    /** Every page of a feed's items, and the addresses read. */
    const allItems = async (key: string, who = member) => {
      const items: Array<{ title: string; link: string; description: string; image: string | null }> = [];
      const pages: string[] = [];
      let next: string | null = null;
      do {
        const url: string = `/api/feeds/${key}/items?limit=100${next ? `&before=${encodeURIComponent(next)}` : ""}`;
        const page: { items: typeof items; next: string | null } = (await get(url, who)).json();
        items.push(...page.items);
        pages.push(url);
        next = page.next;
      } while (next);
      return { items, pages };
    };

    it("stores every hostile item as inert text: every feed answer, search, stories, token news, favorites, comments, notifications", async ({
      task,
    }) => {
      // Articles a member can act on: those whose address survived as http(s).
      const { items: bitcoin } = await allItems("bitcoin");
      const linked = (bitcoin as Array<{ link: string; title: string }>).filter((item) => item.link).slice(0, 3);
      expect(linked.length).toBeGreaterThan(0);
      const commentIds: string[] = [];
      for (const article of linked) {
        expect(
          (
            await setup.app.inject({
              method: "PUT",
              url: "/api/favorites",
              payload: { link: article.link },
              ...as(member),
            })
          ).statusCode,
        ).toBe(200);
        const comment = await setup.app.inject({
          method: "POST",
          url: "/api/comments",
          payload: { contentId: article.link, content: "Worth a read" },
          ...as(member),
        });
        expect(comment.statusCode, comment.body).toBe(201);
        const id = comment.json().id as string;
        commentIds.push(id);
        // A reply notifies the member: its preview names the article.
        const reply = await setup.app.inject({
          method: "POST",
          url: "/api/comments",
          payload: { contentId: article.link, content: `@${member.handle} agreed` },
          ...as(replier),
        });
        expect(reply.statusCode, reply.body).toBe(201);
      }
      const stories = (feed: string) => `/api/stories?feed=${feed}&limit=200`;

      // Every GET route, with the addresses that carry stored items.
      const reads: Record<string, Array<[url: string, who?: typeof member]>> = {
        "/api/feeds": [["/api/feeds"], ["/api/feeds", member]],
        // Every page of every feed's items (the full corpus is more than one page).
        "/api/feeds/:key/items": (
          await Promise.all(["bitcoin", "news", "market", "gemwire", memberFeedKey].map((key) => allItems(key)))
        ).flatMap(({ pages }) => pages.map((url): [string, typeof member] => [url, member])),
        "/api/search": [
          ["/api/search?q=bitcoin"],
          ...hostile.slice(0, 6).map((item): [string] => [`/api/search?q=${item.marker}`]),
        ],
        "/api/stories": ["gemwire", "bitcoin", "news", "market"].map((feed) => [stories(feed), member]),
        "/api/tokens/:symbol/news": [["/api/tokens/BTC/news?limit=50"]],
        "/api/favorites": [["/api/favorites", member]],
        "/api/me": [["/api/me", member]],
        "/api/me/feeds": [["/api/me/feeds", member]],
        "/api/comments": linked.map((article) => [`/api/comments?contentId=${encodeURIComponent(article.link)}`]),
        "/api/comments/:id": commentIds.map((id) => [`/api/comments/${id}`]),
        "/api/blurts": [["/api/blurts"], ["/api/blurts?filter=comments", member]],
        "/api/notifications": [["/api/notifications", member]],
        "/feeds/gemwire.json": [["/feeds/gemwire.json"]],
      };
      const xmlReads: Record<string, string[]> = {
        "/feeds/gemwire.xml": ["/feeds/gemwire.xml"],
        "/api/me/feeds.opml": ["/api/me/feeds.opml"],
      };
      const unread = getRoutes(setup.app).filter(
        (route) => !(route in NO_FEED_TEXT || route in reads || route in xmlReads),
      );
      expect(unread, "GET routes neither read by this sweep nor named as carrying no feed text").toEqual([]);
      // And every route read is one the app serves (the enumeration works, no entry is stale).
      expect(
        [...Object.keys(reads), ...Object.keys(xmlReads)].filter((route) => !getRoutes(setup.app).includes(route)),
      ).toEqual([]);

      const found: string[] = [];
      const withoutItems: string[] = [];
      for (const [route, urls] of Object.entries(reads)) {
        expect(urls.length, `${route} is read at least once`).toBeGreaterThan(0);
        for (const [url, who] of urls) {
          const response = await get(url, who);
          if (!/xssprobe\d+e\d/.test(response.body)) withoutItems.push(url);
          const body = response.json();
          // The published JSON Feed is read by other programs, which may follow an id: no opaque fields there.
          const rules = url.startsWith("/feeds/") ? { markup: true } : { markup: true, opaque: API_IDS };
          found.push(...unsafeInJson(body, rules).map((finding) => `${url} ${finding}`));
        }
      }
      for (const urls of Object.values(xmlReads)) {
        for (const url of urls) {
          const response = await setup.app.inject({ method: "GET", url, ...as(member) });
          expect(response.statusCode).toBe(200);
          // readXml throws on anything that is not well-formed XML.
          found.push(
            ...unsafeInXml(readXml(response.body), { shownInert: true }).map((finding) => `${url} ${finding}`),
          );
        }
      }
      // The sweep judged hostile items: every answer read carries some, but for the lists of feeds, the
      // member, and notifications (which name the comment, not the article).
      expect(withoutItems).toEqual(["/api/feeds", "/api/feeds", "/api/me", "/api/me/feeds", "/api/notifications"]);
      expect(found.slice(0, 20), `${found.length} findings`).toEqual([]);
      // Each input once, however many answers it was read back from.
      tried(task, "xss", sent);
    });

    it("keeps each hostile item, its text readable: titles keep their words, dropped addresses leave an empty link", async () => {
      const stored = new Map<string, { title: string; link: string; description: string; image: string | null }>();
      for (const key of ["bitcoin", "news", "market", memberFeedKey]) {
        const { items } = await allItems(key);
        for (const item of items) stored.set(`${key} ${/xssprobe\d+e\d/.exec(item.title)?.[0]}`, item);
      }
      const expected = [
        ...rssItems.map((item) => ["bitcoin", item] as const),
        ...atomItems.map((item) => ["news", item] as const),
        ...jsonItems.map((item) => ["market", item] as const),
        ...rssItems.map((item) => [memberFeedKey, item] as const),
      ];
      for (const [key, item] of expected) {
        const article = stored.get(`${key} ${item.marker}`);
        expect(article, `${key}: ${item.payload.name} (${item.encoding[0]}) is stored`).toBeDefined();
        expect(article?.title).toMatch(new RegExp(`^Bitcoin ${item.marker}\\b`));
        for (const address of [article?.link ?? "", article?.image ?? ""])
          expect(address === "" || /^https?:\/\/[^/]/.test(address), `${key} ${item.marker} ${address}`).toBe(true);
      }
      // The inputs the first sweep counted, read back: nothing new was sent.
    });

    it("publishes RSS a reader decodes to inert text and a JSON Feed of plain text", async () => {
      const rss = readXml((await get("/feeds/gemwire.xml")).body);
      const items = rss.children.find((c) => c.name === "channel")?.children.filter((c) => c.name === "item") ?? [];
      expect(items.length).toBeGreaterThan(0);
      expect(unsafeInXml(rss, { shownInert: true })).toEqual([]);
      const feed = (await get("/feeds/gemwire.json")).json();
      expect(feed.items.length).toBeGreaterThan(0);
      for (const item of feed.items) expect(item).not.toHaveProperty("content_html");
      expect(unsafeInJson(feed, { markup: true })).toEqual([]);
      // The published items are the hostile ones, so the checks above judged them.
      const titles = [...items.map((item) => item.children.find((c) => c.name === "title")?.text ?? "")];
      expect(titles.filter((title) => /^Bitcoin xssprobe\d+e\d/.test(title)).length).toBe(titles.length);
      // Read back from the inputs the first sweep counted; nothing new was sent.
    });
  },
);
