import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createLogger } from "../../../logger.ts";
import { isPublicAddress } from "../../../outbound/address-policy.ts";
import { createGuardedFetch } from "../../../outbound/guarded-fetch.ts";
import { joinAsMember } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, type TestDatabaseTarget } from "../../../test/databases.ts";
import { htmlPage, rss, startFeedServer } from "../../../test/feed-server.ts";
import { testItem } from "../../../test/items.ts";
import { upsertArticles } from "../../articles/repository.ts";
import { type RefreshContext, refreshDueFeeds, refreshFeed } from "../../feeds/refresh.ts";
import { createMemberFeedFetch, type MemberFeedFetchPolicy } from "../fetch.ts";

/**
 * The shared setup of the members' own feeds tests: one database per test file, the apps
 * (member feeds on, private addresses refused, private addresses "allowed", MEMBER_FEEDS=off),
 * a local feed server, three members and a few built-in articles, with the helpers the tests use.
 */

export type Member = Awaited<ReturnType<typeof joinAsMember>>;
export type TestHandle = TestDatabaseHandle;
export type FeedSite = Awaited<ReturnType<typeof startFeedServer>>;

export const STORY = "Solana validators vote to cut block times in half";
export const silent = createLogger({ logLevel: "silent" });

/**
 * The internet for these tests: 127.0.0.1 stands for a public server, every other address
 * is judged by the real policy; intranet.test resolves into a private network, other names
 * are not found.
 */
export const LOCAL_INTERNET: MemberFeedFetchPolicy = {
  isAllowedAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
  resolve: async (name) => {
    if (name === "intranet.test") return [{ address: "10.0.0.7", family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  },
};
export const PRIVATE_REASON = /private or local network/;
export const LONE_STORY = "Quokka protocol launches its mainnet on Tuesday";

/** Sets up a file's tests on one database target: call it first inside the file's describe. */
export function useMemberFeedsFixture(target: TestDatabaseTarget) {
  let handle: TestHandle;
  let app: FastifyInstance;
  let privateRefused: FastifyInstance;
  let privateAllowed: FastifyInstance;
  let off: FastifyInstance;
  let site: FeedSite;
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
  /** A pass's context: the built-in feeds' client, and members' feeds (through theirs) unless told not to. */
  const refreshContext = (memberFeeds = true): RefreshContext => ({
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
  const refresh = (memberFeeds = true) => refreshDueFeeds(refreshContext(memberFeeds));
  /** Refreshes one member's feed as a pass that found it due at `listedAt` does. */
  const refreshFound = (feed: { key: string; url: string }, listedAt = Date.now()) =>
    refreshFeed({ ...refreshContext(), fetcher }, feed, { listedAt, startup: false });
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

  /** What following a site's page and a JSON feed leaves: the member follows the blog's Atom feed and the JSON feed. */
  const followSiteFeeds = async (member: Member) => {
    for (const address of [`${site.base}/blog/`, `${site.base}/json.json`]) {
      const response = await add(member, address);
      if (response.statusCode !== 201) throw new Error(`Could not follow ${address}: ${response.body}`);
    }
  };

  return {
    get handle() {
      return handle;
    },
    get app() {
      return app;
    },
    get privateRefused() {
      return privateRefused;
    },
    get privateAllowed() {
      return privateAllowed;
    },
    get off() {
      return off;
    },
    get site() {
      return site;
    },
    get ann() {
      return ann;
    },
    get bob() {
      return bob;
    },
    get cat() {
      return cat;
    },
    fetcher,
    anyAddress,
    extraApps,
    add,
    list,
    items,
    refreshContext,
    refresh,
    refreshFound,
    remove,
    articleCount,
    followSiteFeeds,
  };
}
