/**
 * T2 — stored XSS through members' (and the admin's) text. Every hostile payload
 * (hardening/payloads.ts) is stored through the API in every place a person writes text:
 * a comment and its edit, a display name, an @mention's notification preview, a blog
 * post's title, excerpt, body, author and tags, an event's title, description, city and
 * country, an invitation's note. Handles, which allow letters, digits and underscores
 * only, refuse every payload, and so does every address field given a script address.
 * Then every GET route of the app is read: the text comes back exactly as written (plain
 * text, for the page to render as text), no address anywhere is anything but http(s)
 * or a path on this site, and the blog's RSS is well-formed XML whose text decodes to
 * inert text. The routes come from the app: a new one fails this test until it is read
 * here or named below with why it shows no member text.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSession } from "../../server/lib/sessions/sessions.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { upsertArticles } from "../../server/modules/articles/repository.ts";
import { joinAsMember, TEST_PASSWORD } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { testItem } from "../../server/test/items.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { LINKS, MARKUP, QUICK_LINKS, QUICK_MARKUP } from "../payloads.ts";
import { getRoutes, NO_STORED_TEXT } from "../routes.ts";
import { scale } from "../scale.ts";
import { API_IDS, decodeHtmlOnce, unsafeInJson, unsafeInXml } from "../stored-text.ts";
import { tried } from "../tally.ts";
import { readXml } from "../xml.ts";
import { collectStrings, expectStatus, type Place, storeMemberPayloads } from "./xss-members-store.ts";

/** GET routes that show no text a member or the admin wrote, and why; every other GET route is read below. */
const NO_MEMBER_TEXT: Record<string, string> = {
  ...NO_STORED_TEXT,
  "/api/feeds": "the feeds' status (feed text: xss-feeds.test.ts)",
  "/api/feeds/:key/items": "feed items (xss-feeds.test.ts)",
  "/api/stories": "feed items (xss-feeds.test.ts)",
  "/api/tokens/:symbol/news": "feed items (xss-feeds.test.ts)",
  "/api/me/feeds": "feed titles and addresses (xss-feeds.test.ts)",
  "/api/me/feeds.opml": "feed titles and addresses (xss-feeds.test.ts)",
  "/api/favorites": "feed items a member keeps (xss-feeds.test.ts)",
  "/api/gems": "a member's GEMS balance",
  "/api/analysis/story": "a story's pages read live",
};

/** Where each stored text must come back, as written. */
const SHOWN_ON: Record<string, string[]> = {
  "display name": ["/api/comments", "/api/comments/:id", "/api/blurts"],
  "notification preview": ["/api/notifications"],
  "edited comment": ["/api/comments", "/api/comments/:id", "/api/blurts"],
  "blog post title": ["/api/blog", "/api/blog/:slug", "/api/admin/blog"],
  "blog post excerpt": ["/api/blog", "/api/blog/:slug", "/api/admin/blog"],
  "blog post author": ["/api/blog/:slug", "/api/admin/blog"],
  "event title": ["/api/events", "/api/admin/events"],
  "event city": ["/api/events", "/api/admin/events"],
  "invitation note": ["/api/admin/invites"],
};

/** RSS elements whose text is plain text (not HTML): the blog's author and tags, as the admin wrote them. */
const RSS_PLAIN_TEXT = new Set(["dc:creator", "category"]);

describe.each(testDatabaseTargets())("T2 stored XSS through members' text, on $dialect", (target) => {
  const markup = scale(QUICK_MARKUP, MARKUP);
  const links = scale(QUICK_LINKS, LINKS);
  const temp = tempDirs();
  // Registered first, so it runs after the app is closed and the database dropped.
  afterAll(() => temp.removeAll());
  const article = "https://news.example/discussed";
  const setup = useTestApp(target, () => ({
    env: { DATA_DIR: temp.make("xss-members") },
    seed: (database) => {
      const now = Date.now();
      return upsertArticles(database, "bitcoin", [testItem("discussed", 1, now, { link: article })], now);
    },
  }));
  let admin: Record<string, string>;
  let victim: Awaited<ReturnType<typeof joinAsMember>>;
  let signUps = 0;
  // Each sign-up from an address of its own, so the per-address sign-up limit counts them apart.
  const nextAddress = () => `203.0.113.${++signUps}`;
  let stored: Place[] = [];
  let blogSlugs: string[] = [];
  let commentIds: string[] = [];
  let authors: Array<Record<string, string>> = [];

  const send = (options: InjectOptions) => setup.app.inject(options);

  beforeAll(async () => {
    admin = { gemwire_admin: await openSession(setup.database, { admin: true }) };
    victim = await joinAsMember(setup.app, setup.database, "victim");
    ({ stored, blogSlugs, commentIds, authors } = await storeMemberPayloads(setup.app, setup.database, {
      markup,
      article,
      admin,
      nextAddress,
    }));
  });

  it("refuses every payload as a handle, and every script address in every address field", async ({ task }) => {
    let sent = 0;
    for (const payload of markup) {
      const { code } = await createInvite(setup.database, {});
      const response = await send({
        method: "POST",
        url: "/api/auth/signup",
        payload: { inviteCode: code, handle: payload.text, password: TEST_PASSWORD },
        remoteAddress: nextAddress(),
      });
      expectStatus(response, 400, `handle ${payload.name}`);
      expect(response.json().error.message).toContain("Use 1 to 30 letters, digits or underscores");
      sent += 1;
    }
    const author = authors[0] as Record<string, string>;
    const event = (website: string, imageUrl: string | null) => ({
      title: "Conference",
      description: "Talks",
      startDate: "2027-03-01T10:00:00.000Z",
      endDate: "2027-03-02T18:00:00.000Z",
      location: { city: "Lisbon", country: "Portugal" },
      website,
      imageUrl,
    });
    for (const { name, href } of links) {
      // Only script and data addresses: a protocol-relative or site path is refused or kept as a path.
      const requests: Array<[string, InjectOptions]> = [
        ["event website", { method: "POST", url: "/api/admin/events", payload: event(href, null), cookies: admin }],
        [
          "event image",
          {
            method: "POST",
            url: "/api/admin/events",
            payload: event("https://event.example/", href),
            cookies: admin,
          },
        ],
        [
          "blog image",
          { method: "POST", url: "/api/admin/blog", payload: { title: "Post", image: href }, cookies: admin },
        ],
        ["blog extract", { method: "POST", url: "/api/admin/blog/extract", payload: { url: href }, cookies: admin }],
        [
          "comment's article",
          { method: "POST", url: "/api/comments", payload: { contentId: href, content: "hi" }, cookies: author },
        ],
        ["favorite", { method: "PUT", url: "/api/favorites", payload: { link: href }, cookies: author }],
        ["vote", { method: "PUT", url: "/api/votes", payload: { link: href, direction: "up" }, cookies: author }],
        ["member feed", { method: "POST", url: "/api/me/feeds", payload: { address: href }, cookies: author }],
        ["reader", { method: "GET", url: `/api/reader?url=${encodeURIComponent(href)}`, cookies: author }],
        ["analysis", { method: "GET", url: `/api/analysis?url=${encodeURIComponent(href)}`, cookies: author }],
      ];
      for (const [field, request] of requests) {
        const response = await send(request);
        expect(response.statusCode, `${field} ${name}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${field} ${name}`).toBeLessThan(500);
        sent += 1;
      }
    }
    tried(task, "xss", sent);
  });

  it("serves every stored text exactly as written, on every route that shows it, and no address but http(s)", async ({
    task,
  }) => {
    const firstSlug = blogSlugs[0] as string;
    const reads: Record<string, Array<[url: string, cookies?: Record<string, string>]>> = {
      "/api/me": [["/api/me", authors[0]]],
      "/api/comments": [
        [`/api/comments?contentId=${encodeURIComponent(article)}&limit=50`],
        ...blogSlugs.map((slug): [string] => [`/api/comments?contentId=${encodeURIComponent(`/blog/${slug}`)}`]),
      ],
      "/api/comments/:id": commentIds.map((id) => [`/api/comments/${id}`]),
      "/api/blurts": [["/api/blurts?limit=50"], ["/api/blurts?filter=comments&limit=50", authors[0]]],
      "/api/notifications": [["/api/notifications?limit=50", victim.cookies]],
      "/api/blog": [["/api/blog?limit=50"]],
      "/api/blog/:slug": blogSlugs.map((slug) => [`/api/blog/${encodeURIComponent(slug)}`]),
      "/api/admin/blog": [["/api/admin/blog?limit=50", admin]],
      "/api/events": [["/api/events"]],
      "/api/admin/events": [["/api/admin/events?limit=50", admin]],
      "/api/admin/invites": [["/api/admin/invites", admin]],
      "/api/search": [[`/api/search?q=${markup[0]?.marker}`]],
      "/api/analysis": [[`/api/analysis?url=${encodeURIComponent(`/blog/${firstSlug}`)}`]],
      "/api/leaderboard": [["/api/leaderboard"]],
      "/api/predictions": [["/api/predictions"]],
      "/feeds/gemwire.json": [["/feeds/gemwire.json"]],
    };
    const xmlReads = ["/feeds/blog.xml", "/feeds/gemwire.xml"];
    const unread = getRoutes(setup.app).filter(
      (route) => !(route in NO_MEMBER_TEXT || route in reads || xmlReads.includes(route)),
    );
    expect(unread, "GET routes neither read by this sweep nor named as showing no member text").toEqual([]);
    // And every route read is one the app serves (the enumeration works, no entry is stale).
    expect([...Object.keys(reads), ...xmlReads].filter((route) => !getRoutes(setup.app).includes(route))).toEqual([]);

    const found: string[] = [];
    const texts = new Map<string, string[]>();
    for (const [route, urls] of Object.entries(reads)) {
      for (const [url, cookies] of urls) {
        const response = await send({ method: "GET", url, ...(cookies ? { cookies } : {}) });
        expectStatus(response, 200, url);
        const body = response.json();
        found.push(...unsafeInJson(body, { markup: false, opaque: API_IDS }).map((finding) => `${url} ${finding}`));
        collectStrings(body, texts.get(route) ?? texts.set(route, []).get(route));
      }
    }
    // Stored as written: each text is served whole on each route that shows it, not escaped
    // into entities nor cut at a tag.
    const missing: string[] = [];
    for (const place of stored) {
      for (const route of SHOWN_ON[place.label] ?? []) {
        if (!texts.get(route)?.some((text) => text.includes(place.text)))
          missing.push(`${place.label} on ${route}: ${place.payload.name}`);
      }
    }
    expect(missing, "texts not served back as written").toEqual([]);
    const escaped = [...texts.values()].flat().filter((text) => /&lt;|&amp;lt;|&#60;/.test(text));
    expect(escaped, "text served escaped as HTML").toEqual([]);
    for (const url of xmlReads) {
      const response = await send({ method: "GET", url });
      expectStatus(response, 200, url);
      found.push(
        ...unsafeInXml(readXml(response.body), { shownInert: false, plainText: RSS_PLAIN_TEXT }).map(
          (finding) => `${url} ${finding}`,
        ),
      );
    }
    expect(found.slice(0, 20), `${found.length} findings`).toEqual([]);
    // Each payload once for each field it was written into; the notification preview is made
    // from the edited comment, not written by anyone, and the reads are not inputs.
    tried(task, "xss", stored.filter((place) => place.label !== "notification preview").length);
  });

  it("the blog's RSS carries each post's text, escaped so a reader shows it as text", async ({ task }) => {
    const rss = readXml((await send({ method: "GET", url: "/feeds/blog.xml" })).body);
    const items = rss.children.find((c) => c.name === "channel")?.children.filter((c) => c.name === "item") ?? [];
    expect(items).toHaveLength(markup.length);
    for (const payload of markup) {
      const item = items.find((i) => i.children.find((c) => c.name === "title")?.text.includes(payload.marker));
      expect(item, payload.name).toBeDefined();
      // Titles and descriptions are HTML escaped inside XML: decoded once, the payload is there as text.
      const title = item?.children.find((c) => c.name === "title")?.text ?? "";
      expect(title).not.toMatch(/<[a-zA-Z/!?]/);
      const line = payload.text.trim().replace(/\s+/g, " ");
      expect(decodeHtmlOnce(title)).toBe(`${payload.marker} ${line}`.slice(0, 200).trim());
      // Authors and categories are plain text in RSS: XML-escaped once, read back exactly as written.
      const textOf = (name: string) => item?.children.find((c) => c.name === name)?.text;
      expect(textOf("dc:creator")).toBe(line.slice(0, 100).trim());
      expect(textOf("category")).toBe(line.replaceAll(",", " ").slice(0, 40).trim());
    }
    // The posts' titles and authors were counted by the sweep above; their tags are checked only here.
    tried(task, "xss", markup.length);
  });
});
