import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MEMBER_FEEDS, MEMBER_FEED_KEY } from "../../../contracts/reading-catalog.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { isPublicAddress } from "../../outbound/address-policy.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { htmlPage, rss, startFeedServer } from "../../test/feed-server.ts";
import { testItem } from "../../test/items.ts";
import { MEMBER_FEEDS_PER_PASS, refreshDueFeeds } from "../feeds/refresh.ts";
import { upsertArticles } from "../feeds/repository.ts";
import { memberFeedKey } from "./address.ts";
import { createMemberFeedFetch, type MemberFeedFetchPolicy, PRIVATE_REFUSED } from "./fetch.ts";
import {
  IMPORT_SPARE_CHECKS,
  importOpml,
  NOT_CHECKED_FAILED,
  NOT_CHECKED_IN_TIME,
  notCheckedOverCap,
} from "./import.ts";
import { readOpml } from "./opml.ts";
import { follow } from "./repository.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;

const STORY = "Solana validators vote to cut block times in half";
const silent = createLogger({ logLevel: "silent" });

/**
 * The internet for these tests: 127.0.0.1 stands for a public server, every other address
 * is judged by the real policy; intranet.test resolves into a private network, other names
 * are not found.
 */
const LOCAL_INTERNET: MemberFeedFetchPolicy = {
  isAllowedAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
  resolve: async (name) => {
    if (name === "intranet.test") return [{ address: "10.0.0.7", family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  },
};
const PRIVATE_REASON = /private or local network/;
const LONE_STORY = "Quokka protocol launches its mainnet on Tuesday";

describe.each(testDatabaseTargets())("members' own feeds on $dialect", (target) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let privateRefused: FastifyInstance;
  let privateAllowed: FastifyInstance;
  let off: FastifyInstance;
  let site: Awaited<ReturnType<typeof startFeedServer>>;
  let ann: Member;
  let bob: Member;
  let cat: Member;
  // Members' feeds' own client, with ALLOW_PRIVATE_SOURCES on: only the stand-in internet answers.
  const fetcher = createMemberFeedFetch(
    loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }),
    { timeoutMs: 5_000 },
    LOCAL_INTERNET,
  );
  // The built-in feeds' client, which may reach anything here: member feeds never use it.
  const anyAddress = createGuardedFetch({ allowPrivate: true, timeoutMs: 5_000 });
  const addresses = new Map<string, string>();
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    app = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1" },
      memberFeeds: { fetchPolicy: LOCAL_INTERNET },
    });
    privateRefused = await buildTestApp(handle.database);
    // Without the stand-in internet: the local site is a private address, whatever the setting says.
    privateAllowed = await buildTestApp(handle.database, { env: { ALLOW_PRIVATE_SOURCES: "1" } });
    off = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", MEMBER_FEEDS: "off" },
      memberFeeds: { fetchPolicy: LOCAL_INTERNET },
    });
    const numbered: Record<string, ReturnType<typeof rss>> = {};
    for (let i = 0; i < 60; i++)
      numbered[`/many/${i}.xml`] = rss(`Feed ${i}`, [
        { id: `m${i}`, title: `Many ${i}`, link: `https://many.example/${i}` },
      ]);
    site = await startFeedServer({
      "/feed.xml": rss("Ledger &amp; Lane &#8212; weekly", [
        { id: "l1", title: STORY.replace("in half", "by half"), link: "https://ledger.example/solana", hoursAgo: 1 },
        { id: "l2", title: "The zorblax index explained", link: "https://ledger.example/zorblax", hoursAgo: 2 },
        { id: "l3", title: LONE_STORY, link: "https://ledger.example/quokka", hoursAgo: 3 },
        {
          id: "l4",
          title: "BTC miners sell more BTC than they mine",
          link: "https://ledger.example/btc",
          hoursAgo: 1.5,
        },
      ]),
      "/other.xml": rss("Other feed", [{ id: "o1", title: "Other news", link: "https://other.example/1" }]),
      "/atom.xml": {
        type: "application/atom+xml",
        body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Site</title><entry><id>a1</id><title>Atom post</title><link href="https://atom.example/1"/><updated>${new Date().toISOString()}</updated></entry></feed>`,
      },
      "/json.json": {
        type: "application/feed+json",
        body: JSON.stringify({
          version: "https://jsonfeed.org/version/1.1",
          title: "Json Site",
          items: [{ id: "j1", url: "https://json.example/1", title: "Json post" }],
        }),
      },
      "/blog/": htmlPage(
        `<!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
         <link rel="stylesheet" href="/style.css">
         <link rel="alternate" type="application/rss+xml" href="/missing.xml">
         <link rel="alternate" type="text/html" href="/other.xml">
         <link rel="alternate" type="application/atom+xml" href="../atom.xml">`,
      ),
      "/plain/": htmlPage('<link rel="alternate" hreflang="fr" href="/fr/">'),
      "/moved.xml": { type: "text/plain", body: "", status: 301, location: "/atom.xml" },
      "/notfeed": { type: "text/plain", body: "just some text, no feed here" },
      "/slow.xml": { ...rss("Slow", []), delayMs: 3_000 },
      "/lookalike/": htmlPage('<link rel="alternate" type="application/rss+xml" href="/notfeed">'),
      // A DOCTYPE longer than the part of a feed its title is read from.
      "/doctype.xml": {
        type: "application/rss+xml",
        body: `<?xml version="1.0"?><!DOCTYPE rss [<!-- ${"x".repeat(70_000)} -->]><rss version="2.0"><channel><title>Long doctype</title><item><guid>d1</guid><title>Doctype post</title><link>https://doctype.example/1</link></item></channel></rss>`,
      },
      "/leaky/": htmlPage('<link rel="alternate" type="application/rss+xml" href="http://10.0.0.7/feed.xml">'),
      "/private.xml": rss("Private", [{ id: "p1", title: "Intranet news", link: "https://intranet.example/1" }]),
      ...numbered,
    });
    [ann, bob, cat] = [
      await joinAsMember(app, handle.database),
      await joinAsMember(app, handle.database),
      await joinAsMember(app, handle.database),
    ];
    const now = Date.now();
    await upsertArticles(
      handle.database,
      "bitcoin",
      [
        testItem("b1", 2, now, { title: STORY, link: "https://blockline.example/solana", source: "Blockline" }),
        testItem("b2", 3, now, {
          title: STORY.replace("vote", "voted"),
          link: "https://chainpost.example/solana",
          source: "Chainpost",
        }),
        testItem("b3", 4, now, {
          title: LONE_STORY.replace("its mainnet", "mainnet"),
          link: "https://hashgate.example/quokka",
          source: "Hashgate",
        }),
      ],
      now,
    );
  });

  afterAll(async () => {
    await fetcher.close();
    await anyAddress.close();
    await site.close();
    await Promise.allSettled([
      off.close(),
      privateRefused.close(),
      privateAllowed.close(),
      ...extraApps.map((x) => x.close()),
    ]);
    await app.close();
    await handle.dispose();
  });

  /** Apps a test builds for itself: closed with the others (closing one closes the shared database). */
  const extraApps: FastifyInstance[] = [];
  const addressOf = (member: Member) => {
    if (!addresses.has(member.id)) addresses.set(member.id, `203.0.113.${++n}`);
    return addresses.get(member.id) as string;
  };
  const add = (member: Member | null, address: string, on = app) =>
    on.inject({
      method: "POST",
      url: "/api/me/feeds",
      payload: { address },
      ...(member ? { cookies: member.cookies, remoteAddress: addressOf(member) } : {}),
    });
  const list = async (member: Member, on = app) =>
    (await on.inject({ method: "GET", url: "/api/me/feeds", cookies: member.cookies })).json();
  const items = (member: Member | null, key: string, on = app) =>
    on.inject({ method: "GET", url: `/api/feeds/${key}/items`, ...(member ? { cookies: member.cookies } : {}) });
  const refresh = (memberFeeds = true) =>
    refreshDueFeeds({
      database: handle.database,
      sources: { feeds: [], relays: [] },
      fetcher: anyAddress,
      refreshMs: 300_000,
      retention: { maxItems: 100, maxAgeMs: 30 * 86_400_000 },
      holder: "test",
      memberFeeds: memberFeeds ? { fetcher } : undefined,
      sleep: async () => {},
      log: silent,
    });
  const remove = (member: Member, key: string) =>
    app.inject({ method: "DELETE", url: `/api/me/feeds/${key}`, cookies: member.cookies });
  const articleCount = async (key: string) =>
    Number(
      (
        await handle.database.db
          .selectFrom("articles")
          .select(handle.database.db.fn.countAll<number>().as("n"))
          .where("feed_key", "=", key)
          .executeTakeFirstOrThrow()
      ).n,
    );

  let ledgerKey = "";

  it("follows a feed by its address, credentials removed, and shows its title and status", async () => {
    const response = await add(ann, `${site.base.replace("http://", "http://user:secret@")}/feed.xml#top`);
    expect(response.statusCode, response.body).toBe(201);
    const feed = response.json().feed;
    expect(feed.key).toMatch(MEMBER_FEED_KEY);
    expect(feed.url).toBe(`${site.base}/feed.xml`);
    expect(feed.title).toBe("Ledger & Lane — weekly");
    expect(feed.siteUrl).toBeNull();
    expect(feed).toMatchObject({ lastUpdated: null, lastError: null, itemCount: 0 });
    ledgerKey = feed.key;
    const listed = await list(ann);
    expect(listed).toMatchObject({ enabled: true, limit: MAX_MEMBER_FEEDS });
    expect(listed.feeds.map((f: { key: string }) => f.key)).toEqual([ledgerKey]);
    expect(JSON.stringify(listed)).not.toContain("secret");
  });

  it("refuses to follow the same feed twice, however the address is written", async () => {
    const again = await add(ann, `${site.base.replace("127.0.0.1", "127.0.0.1")}/feed.xml`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Already following");
  });

  it("refuses one of Gemwire's own feeds, by its address, by a site or a redirect that leads to it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-sources-"));
    const file = path.join(dir, "sources.json");
    fs.writeFileSync(file, JSON.stringify({ feeds: { news: `${site.base}/atom.xml` } }));
    const withBuiltIn = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", SOURCES_FILE: file },
      memberFeeds: { fetchPolicy: LOCAL_INTERNET },
    });
    extraApps.push(withBuiltIn);
    try {
      const message = "Gemwire already has this feed: Latest News. Turn it on in Edit RSS Feeds.";
      for (const address of [`${site.base}/atom.xml`, `${site.base}/blog/`, `${site.base}/moved.xml`]) {
        const response = await add(ann, address, withBuiltIn);
        expect(response.statusCode, address).toBe(409);
        expect(response.json().error.message).toBe(message);
      }
      // The same addresses are anyone's to follow where Gemwire's own feeds are elsewhere.
      expect((await list(ann, withBuiltIn)).feeds.map((f: { url: string }) => f.url)).not.toContain(
        `${site.base}/atom.xml`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fetches a feed once per refresh however many members follow it, then only its followers read it", async () => {
    const response = await add(bob, `${site.base}/feed.xml`);
    expect(response.statusCode).toBe(201);
    expect(response.json().feed.key).toBe(ledgerKey);
    const rows = await handle.database.db.selectFrom("member_feeds").selectAll().execute();
    expect(rows.filter((row) => row.key === ledgerKey)).toHaveLength(1);
    const before = site.hits("/feed.xml");
    await refresh();
    expect(site.hits("/feed.xml") - before).toBe(1);
    // Nothing is due until the refresh period has passed.
    await refresh();
    expect(site.hits("/feed.xml") - before).toBe(1);

    const annItems = await items(ann, ledgerKey);
    expect(annItems.statusCode).toBe(200);
    expect(annItems.json().items.map((item: { link: string }) => item.link)).toEqual([
      "https://ledger.example/solana",
      "https://ledger.example/btc",
      "https://ledger.example/zorblax",
      "https://ledger.example/quokka",
    ]);
    const paged = (
      await app.inject({ method: "GET", url: `/api/feeds/${ledgerKey}/items?limit=2`, cookies: ann.cookies })
    ).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.next).not.toBeNull();
    const stranger = await items(cat, ledgerKey);
    const visitor = await items(null, ledgerKey);
    for (const answer of [stranger, visitor]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe(`No feed named ${ledgerKey}`);
    }
    expect((await items(null, "mf-000000000000")).json().error.message).toBe("No feed named mf-000000000000");
    const status = (await list(ann)).feeds[0];
    expect(status.itemCount).toBe(4);
    expect(status.lastUpdated).not.toBeNull();
    expect(status.nextAttempt).not.toBeNull();
  });

  it("keeps member feeds' articles out of Gemwire's feed, search and token news, except for followers' search", async () => {
    const gemwire = (await app.inject({ method: "GET", url: "/api/feeds/gemwire/items?limit=100" })).json();
    const links = gemwire.items.map((item: { link: string }) => item.link);
    expect(links).toContain("https://hashgate.example/quokka");
    expect(links.some((link: string) => link.startsWith("https://ledger.example/"))).toBe(false);
    const published = await app.inject({ method: "GET", url: "/feeds/gemwire.json" });
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain("hashgate.example/quokka");
    expect(published.body).not.toContain("ledger.example");

    const catalog = (await app.inject({ method: "GET", url: "/api/feeds", cookies: ann.cookies })).json();
    expect(catalog.feeds.find((feed: { key: string }) => feed.key === "gemwire").itemCount).toBe(3);
    expect(JSON.stringify(catalog)).not.toContain("mf-");

    const search = async (member: Member | null) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/search?q=zorblax",
          ...(member ? { cookies: member.cookies } : {}),
        })
      )
        .json()
        .results.map((item: { link: string }) => item.link);
    expect(await search(ann)).toEqual(["https://ledger.example/zorblax"]);
    expect(await search(cat)).toEqual([]);
    expect(await search(null)).toEqual([]);

    const news = (await app.inject({ method: "GET", url: "/api/tokens/BTC/news", cookies: ann.cookies })).json();
    expect(JSON.stringify(news)).not.toContain("ledger.example");
  });

  it("lets member feeds' articles join stories, shown only to their followers", async () => {
    const stories = async (member: Member | null) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/stories?feed=gemwire",
          ...(member ? { cookies: member.cookies } : {}),
        })
      ).json().stories as Array<{ articles: Array<{ link: string }> }>;
    const linksOf = (list: Awaited<ReturnType<typeof stories>>) =>
      list.map((story) => story.articles.map((a) => a.link).sort());
    const visitor = linksOf(await stories(null));
    expect(visitor).toContainEqual(["https://blockline.example/solana", "https://chainpost.example/solana"]);
    expect(JSON.stringify(visitor)).not.toContain("ledger.example");
    // One built-in article and one of a member feed: no story for those who do not follow it.
    expect(JSON.stringify(visitor)).not.toContain("quokka");
    expect(linksOf(await stories(cat))).toEqual(visitor);
    const follower = linksOf(await stories(ann));
    expect(follower).toContainEqual([
      "https://blockline.example/solana",
      "https://chainpost.example/solana",
      "https://ledger.example/solana",
    ]);
    expect(follower).toContainEqual(["https://hashgate.example/quokka", "https://ledger.example/quokka"]);
  });

  it("follows a site's feed found in its page's <link rel=alternate>: relative, the first that answers", async () => {
    const response = await add(cat, `${site.base}/blog/`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().feed).toMatchObject({
      url: `${site.base}/atom.xml`,
      siteUrl: `${site.base}/blog/`,
      title: "Atom Site",
    });
    expect(site.hits("/commented.xml")).toBe(0);
    expect(site.hits("/other.xml")).toBe(0);
    const json = await add(cat, `${site.base}/json.json`);
    expect(json.statusCode).toBe(201);
    expect(json.json().feed.title).toBe("Json Site");
  });

  it("says why an address cannot be followed", async () => {
    const cases: Array<[string, number, string | RegExp]> = [
      [`${site.base}/plain/`, 422, "That page has no feed link"],
      [`${site.base}/notfeed`, 422, "That address did not answer a feed"],
      [`${site.base}/lookalike/`, 422, "That page's feed link did not answer a feed"],
      [`${site.base}/gone.xml`, 422, /^That address did not answer a feed: No feed at this address/],
      ["ftp://example.com/feed.xml", 400, "Only http(s) addresses can be followed"],
      ["javascript:alert(1)", 400, "Only http(s) addresses can be followed"],
      [`https://example.com/${"a".repeat(2050)}`, 400, "The address must be at most 2048 characters"],
      ["https://exa\u0000mple.com/feed", 400, /control characters|not allowed|invalid/i],
      ["   ", 400, "Paste a feed's or a site's address"],
    ];
    for (const [address, status, message] of cases) {
      const response = await add(cat, address);
      expect(response.statusCode, address).toBe(status);
      expect(response.json().error.message, address).toMatch(message);
    }
    const refused = await add(cat, `${site.base}/feed.xml`, privateRefused);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/private or local network/);
    expect((await add(null, `${site.base}/feed.xml`)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/me/feeds" })).statusCode).toBe(401);
  });

  it("holds a member to 50 feeds, also when several adds race at 49", async () => {
    const dan = await joinAsMember(app, handle.database);
    for (let i = 0; i < MAX_MEMBER_FEEDS - 1; i++) {
      const url = `https://filler.example/${i}.xml`;
      await follow(
        handle.database,
        dan.id,
        { key: memberFeedKey(url), url, title: `F${i}`, siteUrl: null },
        MAX_MEMBER_FEEDS,
        Date.now(),
      );
    }
    const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => add(dan, `${site.base}/many/${i}.xml`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json().error.message).toBe("You follow 50 feeds, the most allowed — remove one first");
    }
    expect((await list(dan)).feeds).toHaveLength(MAX_MEMBER_FEEDS);
  });

  it("makes one feed and one follow of a double submit, and of two members adding at once", async () => {
    const eve = await joinAsMember(app, handle.database);
    const fay = await joinAsMember(app, handle.database);
    const twice = await Promise.all([add(eve, `${site.base}/many/10.xml`), add(eve, `${site.base}/many/10.xml`)]);
    expect(twice.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const both = await Promise.all([add(eve, `${site.base}/many/11.xml`), add(fay, `${site.base}/many/11.xml`)]);
    expect(both.map((a) => a.statusCode)).toEqual([201, 201]);
    const key = memberFeedKey(`${site.base}/many/11.xml`);
    const rows = await handle.database.db.selectFrom("member_feeds").select("key").where("key", "=", key).execute();
    expect(rows).toHaveLength(1);
    expect((await list(eve)).feeds).toHaveLength(2);
  });

  it("stops fetching a feed nobody follows and drops its articles", async () => {
    expect(await articleCount(ledgerKey)).toBe(4);
    expect((await remove(ann, ledgerKey)).statusCode).toBe(204);
    expect(await articleCount(ledgerKey)).toBe(4);
    expect((await remove(ann, ledgerKey)).statusCode).toBe(404);
    expect((await items(ann, ledgerKey)).statusCode).toBe(404);
    expect((await remove(bob, ledgerKey)).statusCode).toBe(204);
    expect(await articleCount(ledgerKey)).toBe(0);
    await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).execute();
    const before = site.hits("/feed.xml");
    const atom = site.hits("/atom.xml");
    // About 60 feeds are due (the filler feeds never answer): at most 20 a pass, until each was tried.
    for (let pass = 0; pass < 5; pass++) expect((await refresh()).attempted).toBeLessThanOrEqual(MEMBER_FEEDS_PER_PASS);
    expect(site.hits("/feed.xml")).toBe(before);
    expect(site.hits("/atom.xml")).toBe(atom + 1);
  });

  it("exports the member's feeds as OPML, escaped, as a download", async () => {
    await handle.database.db
      .updateTable("member_feeds")
      .set({ title: `Q&A <"quotes"> 'n' more` })
      .where("key", "=", memberFeedKey(`${site.base}/atom.xml`))
      .execute();
    const response = await app.inject({ method: "GET", url: "/api/me/feeds.opml", cookies: cat.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.opml"$/);
    expect(response.headers["content-type"]).toMatch(/opml|xml/);
    expect(response.body).toContain('text="Q&amp;A &lt;&quot;quotes&quot;&gt; &apos;n&apos; more"');
    expect(response.body).toContain(`htmlUrl="${site.base}/blog/"`);
    expect(readOpml(response.body).map((o) => [o.address, o.title])).toEqual([
      [`${site.base}/atom.xml`, `Q&A <"quotes"> 'n' more`],
      [`${site.base}/json.json`, "Json Site"],
    ]);
  });

  it("imports an OPML file and reports each line: added, skipped or refused", async () => {
    const opml = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Mine</title></head><body>
<outline text="Folder">
  <outline text="Ledger" xmlUrl="${site.base}/feed.xml"/>
  <outline text="Again" xmlUrl="${site.base}/feed.xml"/>
  <outline text="Atom" xmlUrl="${site.base}/atom.xml"/>
  <outline text="Ftp" xmlUrl="ftp://example.com/x"/>
  <outline text="No feed" xmlUrl="${site.base}/notfeed"/>
  <outline text="A folder without feed"/>
  <outline title="Site" xmlUrl="${site.base}/blog/"/>
</outline>
</body></opml>`;
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(
      result.lines.map((l: { line: number; result: string; reason: string }) => [l.line, l.result, l.reason]),
    ).toEqual([
      [4, "added", "Added"],
      [5, "skipped", "Listed twice in the file"],
      [6, "skipped", "Already following"],
      [7, "refused", "Only http(s) addresses can be followed"],
      [8, "refused", "That address did not answer a feed"],
      [10, "skipped", "Already following"],
    ]);
    expect(result).toMatchObject({ added: 1, skipped: 3, refused: 2 });
    expect((await list(cat)).feeds.map((f: { url: string }) => f.url)).toContain(`${site.base}/feed.xml`);
  });

  it("stops checking an import's feeds when its time is up, and says which were not checked", async () => {
    const gus = await joinAsMember(app, handle.database);
    const opml = `<opml><body>\n<outline xmlUrl="${site.base}/slow.xml"/>\n<outline xmlUrl="${site.base}/other.xml"/>\n</body></opml>`;
    const result = await importOpml({ database: handle.database, fetcher, budgetMs: 300, log: silent }, gus.id, opml);
    expect(result.lines.map((line) => [line.line, line.result, line.reason])).toEqual([
      [2, "refused", NOT_CHECKED_IN_TIME],
      [3, "added", "Added"],
    ]);
  });

  it("reads no DTD, expands no entity, and bounds the file", async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE opml [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY hidden "<outline xmlUrl='${site.base}/other.xml'/>">
]>
<opml version="2.0"><body>
<outline text="&lol3;" xmlUrl="&xxe;"/>
</body></opml>`;
    const other = site.hits("/other.xml");
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: bomb },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ line: 10, address: "&xxe;", title: "&lol3;", result: "refused" });
    expect(site.hits("/other.xml")).toBe(other);
    expect(JSON.stringify(result)).not.toContain("root:");

    const many = `<opml><body>${Array.from({ length: 501 }, (_, i) => `<outline xmlUrl="https://x.example/${i}"/>`).join("\n")}</body></opml>`;
    const tooMany = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: many },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/more than 500 feeds/);
    const huge = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: `<opml>${" ".repeat(1_000_001)}</opml>` },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toMatch(/at most 1 MB/);
    const notOpml = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: "<html></html>" },
    });
    expect(notOpml.statusCode).toBe(400);
  });

  it("turns off with MEMBER_FEEDS=off: 404s in plain words, no fetching, follows kept", async () => {
    const listed = (await off.inject({ method: "GET", url: "/api/me/feeds", cookies: cat.cookies })).json();
    expect(listed).toEqual({ feeds: [], limit: MAX_MEMBER_FEEDS, enabled: false });
    const key = memberFeedKey(`${site.base}/atom.xml`);
    for (const request of [
      add(cat, `${site.base}/other.xml`, off),
      off.inject({ method: "DELETE", url: `/api/me/feeds/${key}`, cookies: cat.cookies }),
      off.inject({ method: "GET", url: "/api/me/feeds.opml", cookies: cat.cookies }),
      off.inject({ method: "POST", url: "/api/me/feeds/opml", cookies: cat.cookies, payload: { opml: "<opml/>" } }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Following your own feeds is turned off on this Gemwire.");
    }
    expect((await items(cat, key, off)).statusCode).toBe(404);
    await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).execute();
    const before = site.hits("/atom.xml");
    await refresh(false);
    expect(site.hits("/atom.xml")).toBe(before);
    expect((await list(cat)).feeds.map((f: { url: string }) => f.url)).toContain(`${site.base}/atom.xml`);
  });

  it("never fetches a private address for a member, whatever ALLOW_PRIVATE_SOURCES says: adding, importing, refreshing", async () => {
    const hal = await joinAsMember(app, handle.database);
    const before = site.hits("/private.xml");
    // ALLOW_PRIVATE_SOURCES=1 and no stand-in internet: the local site is what it is, a private address.
    const added = await add(hal, `${site.base}/private.xml`, privateAllowed);
    expect(added.statusCode).toBe(400);
    expect(added.json().error.message).toMatch(PRIVATE_REASON);
    for (const address of [
      "http://intranet.test/feed.xml",
      "http://10.0.0.7/feed.xml",
      "http://[::1]/feed.xml",
      "http://169.254.169.254/latest/",
      `${site.base}/leaky/`,
    ]) {
      const answer = await add(hal, address);
      expect(answer.statusCode, address).toBe(400);
      expect(answer.json().error.message, address).toMatch(PRIVATE_REASON);
    }
    const imported = await privateAllowed.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: hal.cookies,
      payload: { opml: `<opml><body><outline xmlUrl="${site.base}/private.xml"/></body></opml>` },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().lines).toEqual([
      expect.objectContaining({ result: "refused", reason: expect.stringMatching(PRIVATE_REASON) }),
    ]);
    expect(site.hits("/private.xml")).toBe(before);

    // Followed when its name still led to a public server, say: the scheduled refresh refuses it too.
    const url = `${site.base}/private.xml`;
    await follow(
      handle.database,
      hal.id,
      { key: memberFeedKey(url), url, title: "Private", siteUrl: null },
      MAX_MEMBER_FEEDS,
      0,
    );
    await handle.database.db
      .updateTable("feeds")
      .set({ next_fetch_at: Date.now() + 86_400_000 })
      .execute();
    const scheduled = createMemberFeedFetch(loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }), { timeoutMs: 5_000 });
    try {
      await refreshDueFeeds({
        database: handle.database,
        sources: { feeds: [], relays: [] },
        fetcher: anyAddress,
        refreshMs: 300_000,
        retention: { maxItems: 100, maxAgeMs: 30 * 86_400_000 },
        holder: "test",
        memberFeeds: { fetcher: scheduled },
        sleep: async () => {},
        log: silent,
      });
    } finally {
      await scheduled.close();
    }
    expect(site.hits("/private.xml")).toBe(before);
    const status = (await list(hal)).feeds.find((feed: { url: string }) => feed.url === url);
    expect(status).toMatchObject({ itemCount: 0, lastErrorReason: PRIVATE_REFUSED });
  });

  it("follows a feed whose DOCTYPE outgrows the part its title is read from; an import line that fails oddly is refused alone", async () => {
    const ida = await joinAsMember(app, handle.database);
    const added = await add(ida, `${site.base}/doctype.xml`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().feed.title).toBe("127.0.0.1");

    const joe = await joinAsMember(app, handle.database);
    // A fault of Gemwire's own on one line (here: reading the answer's headers).
    const faulty = Object.assign(
      async (address: string, init?: Parameters<typeof fetcher>[1]) =>
        address.endsWith("/faulty.xml")
          ? {
              status: 200,
              url: address,
              body: Buffer.from(""),
              headers: Object.defineProperty({}, "content-type", {
                get() {
                  throw new TypeError("a fault on our side");
                },
              }) as Record<string, string>,
            }
          : fetcher(address, init),
      { close: async () => {} },
    );
    const log = createLogger({ logLevel: "silent" });
    const logged = vi.spyOn(log, "error");
    const opml = `<opml><body>
<outline xmlUrl="${site.base}/doctype.xml"/>
<outline xmlUrl="${site.base}/faulty.xml"/>
<outline xmlUrl="${site.base}/other.xml"/>
</body></opml>`;
    const result = await importOpml({ database: handle.database, fetcher: faulty, log }, joe.id, opml);
    expect(result.lines.map((line) => [line.line, line.result, line.reason])).toEqual([
      [2, "added", "Added"],
      [3, "refused", NOT_CHECKED_FAILED],
      [4, "added", "Added"],
    ]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ line: 3 }), expect.any(String));
  });

  it("checks at most the member's room plus a few lines of an import, however many are refused", async () => {
    const kay = await joinAsMember(app, handle.database);
    const room = 5;
    for (let i = 0; i < MAX_MEMBER_FEEDS - room; i++) {
      const url = `https://filler.example/${i}.xml`;
      await follow(
        handle.database,
        kay.id,
        { key: memberFeedKey(url), url, title: `F${i}`, siteUrl: null },
        MAX_MEMBER_FEEDS,
        0,
      );
    }
    const lines = Array.from({ length: 40 }, (_, i) => `<outline xmlUrl="${site.base}/notfeed?n=${i}"/>`);
    const before = site.hits("/notfeed");
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: kay.cookies,
      payload: { opml: `<opml><body>\n${lines.join("\n")}\n</body></opml>` },
    });
    expect(response.statusCode).toBe(200);
    const checks = room + IMPORT_SPARE_CHECKS;
    expect(site.hits("/notfeed") - before).toBe(checks);
    const reasons = response.json().lines.map((line: { result: string; reason: string }) => [line.result, line.reason]);
    expect(reasons).toEqual([
      ...Array(checks).fill(["refused", "That address did not answer a feed"]),
      ...Array(lines.length - checks).fill(["refused", notCheckedOverCap(checks, room)]),
    ]);
    expect(response.json().refused).toBe(lines.length);
  });

  it("counts adds per member only: others on the member's network never use up the member's share", async () => {
    const network = "198.51.100.7";
    const tryAdd = (member: Member) =>
      app.inject({
        method: "POST",
        url: "/api/me/feeds",
        cookies: member.cookies,
        remoteAddress: network,
        payload: { address: "ftp://example.com/feed.xml" },
      });
    const neighbours: Member[] = [];
    for (let i = 0; i < 4; i++) neighbours.push(await joinAsMember(app, handle.database));
    for (const neighbour of neighbours) {
      for (let i = 0; i < 30; i++) expect((await tryAdd(neighbour)).statusCode).toBe(400);
    }
    const lee = await joinAsMember(app, handle.database);
    expect((await tryAdd(lee)).statusCode).toBe(400);
    const over = await tryAdd(neighbours[0] as Member);
    expect(over.statusCode).toBe(429);
  });
});
