/**
 * T3 server-side request forgery, T4 redirects and T5 DNS answers that change, swept over
 * every way Gemwire reaches out: the built-in feeds and their relays, members' own feeds
 * (adding, autodiscovery, OPML import, the scheduled refresh), the reader view, article
 * analysis, blog Extract, the trends sources, the price API and its coin list, and the
 * event image addresses the admin saves. Every private or disguised address form
 * (outbound-internet.ts) is asked for directly (T3) and behind a redirect of each kind
 * from a public server (T4); a name that answers public, then private (T5), only ever
 * reaches the public server. A canary on every local address must never see a
 * connection. The list of entry points is checked against the code: a file that starts
 * fetching without being swept here fails the last tests.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MEMBER_FEEDS } from "../../contracts/reading-catalog.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { openSession } from "../../server/modules/accounts/sessions.ts";
import { CoinList } from "../../server/modules/analysis/coin-list.ts";
import { refreshDueFeeds, refreshFeed } from "../../server/modules/feeds/refresh.ts";
import { getFeedStatus, upsertArticles } from "../../server/modules/feeds/repository.ts";
import type { Sources } from "../../server/modules/feeds/sources.ts";
import { createPriceService } from "../../server/modules/market/price-service.ts";
import { memberFeedKey, normaliseAddress } from "../../server/modules/member-feeds/address.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { follow } from "../../server/modules/member-feeds/repository.ts";
import { refreshDueSources } from "../../server/modules/trends/refresh.ts";
import { sourceRows } from "../../server/modules/trends/repository.ts";
import { createGuardedFetch, type GuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../server/test/databases.ts";
import { testItem } from "../../server/test/items.ts";
import { scale } from "../scale.ts";
import { type HostileClass, type Recorder, tried } from "../tally.ts";
import {
  ADDRESS_FORMS,
  isPolicyRefusal,
  PRIVATE_REFUSAL,
  PUBLIC_ADDRESS,
  recording,
  type StandInInternet,
  startStandInInternet,
} from "./outbound-internet.ts";

/** Every outbound entry point this file sweeps, by the name its tests carry. */
const ENTRY = {
  builtInFeeds: "built-in feeds (their scheduled refresh)",
  relays: "feed relays (the spec's proxies)",
  memberAdd: "members' own feeds: adding an address",
  discovery: "members' own feeds: autodiscovery from a page's <link rel=alternate>",
  opml: "members' own feeds: OPML import",
  memberRefresh: "members' own feeds: their scheduled refresh",
  reader: "the reader view",
  analysis: "article analysis",
  extract: "blog Extract (admin)",
  trends: "search trends sources (TRENDS_URL)",
  prices: "the price API (PRICE_API_URL)",
  coins: "the price API's coin list (PRICE_API_URL)",
} as const;
type Entry = (typeof ENTRY)[keyof typeof ENTRY];

/**
 * Reached on purpose at any address: the operator's own LLM endpoint (ANALYSIS_LLM_URL),
 * often a model server on the same machine; only the configured address is asked, with
 * POSTs, which are never redirected (guarded-fetch.test.ts).
 */
const TRUSTED_LLM = "the LLM endpoint (ANALYSIS_LLM_URL): trusted by design";

/** Every server file that fetches from outside, and which sweeps prove it refuses private addresses. */
const FETCHING_FILES: Record<string, ReadonlyArray<Entry | typeof TRUSTED_LLM>> = {
  "server/app.ts": [ENTRY.prices, ENTRY.coins, ENTRY.reader, ENTRY.analysis, ENTRY.extract],
  "server/main.ts": [ENTRY.builtInFeeds, ENTRY.relays, ENTRY.memberRefresh, ENTRY.trends],
  "server/lib/article-page.ts": [ENTRY.reader, ENTRY.analysis, ENTRY.extract],
  "server/modules/analysis/coin-list.ts": [ENTRY.coins],
  "server/modules/analysis/llm.ts": [TRUSTED_LLM],
  "server/modules/analysis/routes.ts": [ENTRY.analysis, TRUSTED_LLM],
  "server/modules/analysis/service.ts": [ENTRY.analysis],
  "server/modules/content/blog-admin-routes.ts": [ENTRY.extract],
  "server/modules/content/blog-extract.ts": [ENTRY.extract],
  "server/modules/feeds/fetch-feed.ts": [ENTRY.builtInFeeds, ENTRY.relays, ENTRY.memberRefresh],
  "server/modules/feeds/refresh.ts": [ENTRY.builtInFeeds, ENTRY.relays, ENTRY.memberRefresh],
  "server/modules/market/price-service.ts": [ENTRY.prices],
  "server/modules/market/price-source.ts": [ENTRY.prices],
  "server/modules/member-feeds/fetch.ts": [ENTRY.memberAdd, ENTRY.discovery, ENTRY.opml, ENTRY.memberRefresh],
  "server/modules/member-feeds/resolve.ts": [ENTRY.memberAdd, ENTRY.discovery, ENTRY.opml],
  "server/modules/member-feeds/routes.ts": [ENTRY.memberAdd, ENTRY.opml],
  "server/modules/member-feeds/service.ts": [ENTRY.memberAdd, ENTRY.opml],
  "server/modules/reader/page-reads.ts": [ENTRY.reader, ENTRY.analysis],
  "server/modules/trends/read-source.ts": [ENTRY.trends],
  "server/modules/trends/refresh.ts": [ENTRY.trends],
};

/** What members, readers and the admin are told when an address points into a private network. */
const PRIVATE_WORDS = /private or local network/;
/** The entry points the sweeps below were written for, filled as they are collected. */
const swept = new Set<Entry>();
const REDIRECTS = [301, 302, 303, 307, 308] as const;
const silent = createLogger({ logLevel: "silent" });
/** A 400 telling a member, a reader or the admin that the address points into a private network. */
const REFUSED_AS_PRIVATE = /^400 .*private or local network/;

/** One way in: asks for each address and returns what the app said about it (in order). */
type EntryPoint = {
  /** What the entry point answers when the address is refused for where it points. */
  refusal: RegExp;
  ask(urls: string[]): Promise<string[]>;
  /** The guarded client's own errors, when the test holds the client: each must be the policy's refusal. */
  errors?: unknown[];
};

describe.each(testDatabaseTargets())("T3–T5 outbound requests on $dialect", (target) => {
  let net: StandInInternet;
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  /** Reader, analysis, Extract: ALLOW_PRIVATE_SOURCES unset, the stand-in internet. */
  let pages: FastifyInstance;
  /** Members' feeds: ALLOW_PRIVATE_SOURCES=1 (it never applies to them), the stand-in internet. */
  let members: FastifyInstance;
  /** ALLOW_PRIVATE_SOURCES=1 and the system's resolver, no stand-in: what an operator runs. */
  let settingOn: FastifyInstance;
  const config: Config = loadConfig({ LOG_LEVEL: "silent" });
  const clients: GuardedFetch[] = [];
  /** A guarded client built as main.ts or app.ts builds it, living in the stand-in internet. */
  const client = (limits: { timeoutMs?: number; maxBytes?: number } = {}) => {
    const made = createGuardedFetch({ allowPrivate: config.allowPrivateSources, ...limits, ...net.policy });
    clients.push(made);
    return recording(made);
  };
  let asked = 0;
  /** A fresh asker (address) per request, so no rate limit is what refuses. */
  const nextAddress = () => `203.0.113.${(++asked % 250) + 1}`;
  let member: Awaited<ReturnType<typeof joinAsMember>> | undefined;
  let memberUses = 0;
  /** A member with room left under the adds-per-member limit (30 in 10 minutes). */
  async function someMember(on: FastifyInstance) {
    if (!member || memberUses >= 25) {
      member = await joinAsMember(on, handle.database);
      memberUses = 0;
    }
    memberUses++;
    return member;
  }
  const add = async (on: FastifyInstance, address: string) => {
    const who = await someMember(on);
    return on.inject({ method: "POST", url: "/api/me/feeds", payload: { address }, cookies: who.cookies });
  };
  /** An error answer as "<status> <message>", what the refusal patterns read. */
  const answerOf = (response: { statusCode: number; body: string; json: () => unknown }) =>
    `${response.statusCode} ${(response.json() as { error?: { message?: string } }).error?.message ?? response.body}`;
  const refreshContext = (fetcher: GuardedFetch, sources: Sources = { feeds: [], relays: [] }) => ({
    database: handle.database,
    sources,
    fetcher,
    refreshMs: 300_000,
    retention: { maxItems: 100, maxAgeMs: 30 * 86_400_000 },
    holder: "hardening",
    log: silent,
    sleep: async () => {},
  });
  let trendsTick = Date.now();

  beforeAll(async () => {
    net = await startStandInInternet();
    handle = await openTestDatabase(target);
    // The price API and its coin list point at the canary: refused, since the setting is unset.
    const canaryPrices = `http://127.0.0.1:${net.canaryPort}/api/v3`;
    pages = await buildTestApp(handle.database, {
      env: { PRICE_API_URL: canaryPrices },
      analysis: { pageFetch: net.policy },
    });
    members = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: "http://127.0.0.1:1/api/v3" },
      memberFeeds: { fetchPolicy: net.policy },
    });
    settingOn = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: "http://127.0.0.1:1/api/v3" },
    });
    // Not retried (unlike a 5xx), so the relay is asked at once.
    net.route("/gone.xml", (_request, response) => response.writeHead(410).end("gone"));
  });

  afterAll(async () => {
    await Promise.all(clients.map((made) => made.close()));
    await Promise.allSettled([pages.close(), members.close()]);
    await settingOn.close();
    await handle.dispose();
    await net.close();
  });

  /** Asks one at a time. */
  const each =
    (one: (url: string, i: number) => Promise<string>) =>
    async (urls: string[]): Promise<string[]> => {
      const said: string[] = [];
      for (const [i, url] of urls.entries()) said.push(await one(url, i));
      return said;
    };

  let feedNumber = 0;
  const entryPoints: Array<[Entry, () => Omit<EntryPoint, "name">]> = [
    [
      ENTRY.builtInFeeds,
      () => {
        const { fetcher, errors } = client();
        return {
          refusal: PRIVATE_REFUSAL,
          errors,
          ask: each(async (url) => {
            expect(await refreshFeed(refreshContext(fetcher), { key: "news", url })).toBe("failed");
            return (await getFeedStatus(handle.database, "news"))?.last_error ?? "";
          }),
        };
      },
    ],
    [
      ENTRY.relays,
      () => {
        const { fetcher } = client();
        return {
          // The feed itself is gone (410), so the relay is asked: its own address is what is swept.
          refusal:
            /^All proxies failed: Relay \S+: \S+ (?:is a private or reserved address|resolves only to private or reserved addresses)$/,
          ask: each(async (url) => {
            const relay = `${url}?url=`;
            const sources = { feeds: [], relays: [relay] };
            const outcome = await refreshFeed(refreshContext(fetcher, sources), {
              key: "market",
              url: `${net.origin}/gone.xml`,
            });
            expect(outcome).toBe("failed");
            const status = await getFeedStatus(handle.database, "market");
            return `${status?.last_error}: ${status?.last_error_detail}`;
          }),
        };
      },
    ],
    [
      ENTRY.memberAdd,
      () => ({
        refusal: REFUSED_AS_PRIVATE,
        ask: each(async (url) => answerOf(await add(members, url))),
      }),
    ],
    [
      ENTRY.discovery,
      () => ({
        refusal: REFUSED_AS_PRIVATE,
        ask: each(async (url) => {
          const page = `/site-${++feedNumber}/`;
          net.route(page, (_request, response) =>
            response
              .writeHead(200, { "content-type": "text/html; charset=utf-8" })
              .end(
                `<!doctype html><html><head><title>A blog</title><link rel="alternate" type="application/rss+xml" href="${url}"></head><body><p>Posts</p></body></html>`,
              ),
          );
          const said = answerOf(await add(members, `${net.origin}${page}`));
          expect(net.hits(page)).toBe(1);
          return said;
        }),
      }),
    ],
    [
      ENTRY.opml,
      () => ({
        refusal: /^refused: .*private or local network/,
        async ask(urls) {
          const said: string[] = [];
          // At most the member's room plus 5 lines are checked per import: 40 at a time.
          for (let start = 0; start < urls.length; start += 40) {
            const batch = urls.slice(start, start + 40);
            const who = await joinAsMember(members, handle.database);
            const opml = `<?xml version="1.0"?><opml version="2.0"><body>${batch
              .map((url, i) => `<outline text="Feed ${i}" type="rss" xmlUrl="${url.replaceAll("&", "&amp;")}"/>`)
              .join("\n")}</body></opml>`;
            const response = await members.inject({
              method: "POST",
              url: "/api/me/feeds/opml",
              cookies: who.cookies,
              payload: { opml },
            });
            expect(response.statusCode, response.body).toBe(200);
            const lines = response.json().lines as Array<{ result: string; reason: string }>;
            expect(lines).toHaveLength(batch.length);
            for (const line of lines) said.push(`${line.result}: ${line.reason}`);
          }
          return said;
        },
      }),
    ],
    [
      ENTRY.memberRefresh,
      () => {
        // The members' client as main.ts makes it, with ALLOW_PRIVATE_SOURCES=1 (which it ignores);
        // the built-in feeds' client may reach anything here, and member feeds must never use it.
        const memberClient = createMemberFeedFetch(loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }), {}, net.policy);
        clients.push(memberClient);
        const { fetcher, errors } = recording(memberClient);
        const anyAddress = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
        clients.push(anyAddress);
        return {
          refusal: PRIVATE_WORDS,
          errors,
          async ask(urls) {
            const said: string[] = [];
            for (let start = 0; start < urls.length; start += 40) {
              // Followed before any check could refuse them (say, an older Gemwire's follows).
              const who = await joinAsMember(members, handle.database);
              const keys: string[] = [];
              for (const url of urls.slice(start, start + 40)) {
                const key = memberFeedKey(normaliseAddress(url));
                keys.push(key);
                const feed = { key, url, title: "Followed long ago", siteUrl: null };
                await follow(handle.database, who.id, feed, MAX_MEMBER_FEEDS, Date.now());
              }
              for (let pass = 0; pass < 10; pass++) {
                const summary = await refreshDueFeeds({ ...refreshContext(anyAddress), memberFeeds: { fetcher } });
                if (summary.attempted === 0) break;
              }
              // What the member sees on their list of feeds.
              const listed = (
                await members.inject({ method: "GET", url: "/api/me/feeds", cookies: who.cookies })
              ).json();
              for (const key of keys) {
                const feed = (listed.feeds as Array<{ key: string }>).find((f) => f.key === key);
                said.push(JSON.stringify(feed ?? null));
              }
            }
            return said;
          },
        };
      },
    ],
    [
      ENTRY.reader,
      () => ({
        refusal: /^failed: .*private or local network/,
        ask: each(async (url, i) => {
          // Only articles Gemwire knows are read: each address is a stored article's link.
          const now = Date.now();
          const article = testItem(`ssrf-${++feedNumber}`, 1 + i / 100, now, { link: url });
          await upsertArticles(handle.database, "bitcoin", [article], now);
          const response = await pages.inject({
            method: "GET",
            url: `/api/reader?url=${encodeURIComponent(url)}`,
            remoteAddress: nextAddress(),
          });
          expect(response.statusCode, response.body).toBe(200);
          return `${response.json().status}: ${response.json().reason}`;
        }),
      }),
    ],
    [
      ENTRY.analysis,
      () => ({
        refusal: REFUSED_AS_PRIVATE,
        ask: each(async (url) =>
          answerOf(
            await pages.inject({
              method: "GET",
              url: `/api/analysis?url=${encodeURIComponent(url)}`,
              remoteAddress: nextAddress(),
            }),
          ),
        ),
      }),
    ],
    [
      ENTRY.extract,
      () => ({
        refusal: REFUSED_AS_PRIVATE,
        ask: each(async (url) => {
          const session = await openSession(handle.database, { admin: true });
          return answerOf(
            await pages.inject({
              method: "POST",
              url: "/api/admin/blog/extract",
              payload: { url },
              cookies: { gemwire_admin: session },
              remoteAddress: nextAddress(),
            }),
          );
        }),
      }),
    ],
    [
      ENTRY.trends,
      () => {
        const { fetcher, errors } = client({ timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
        return {
          refusal: PRIVATE_WORDS,
          errors,
          ask: each(async (url) => {
            trendsTick += 120_000;
            const sources = [{ id: "US", format: "rss" as const, country: "US" as const, url }];
            const context = { database: handle.database, fetcher, sources, refreshMs: 60_000, log: silent };
            expect(await refreshDueSources(context, trendsTick)).toEqual(["US"]);
            const row = (await sourceRows(handle.database)).find((r) => r.source === "US");
            return row?.last_error ?? "";
          }),
        };
      },
    ],
    [
      ENTRY.prices,
      () => {
        const { fetcher, errors } = client({ timeoutMs: 8_000, maxBytes: 512 * 1024 });
        return {
          refusal: PRIVATE_REFUSAL,
          errors,
          ask: each(async (url) => {
            const prices = createPriceService({ baseUrl: url, fetcher, source: "stand-in", log: silent });
            const before = errors.length;
            const answer = await prices.prices(["BTC"]);
            expect(answer.unavailable).not.toBeNull();
            return errors.length > before ? (errors.at(-1) as Error).message : "";
          }),
        };
      },
    ],
    [
      ENTRY.coins,
      () => {
        const { fetcher, errors } = client({ timeoutMs: 20_000, maxBytes: 16 * 1024 * 1024 });
        return {
          refusal: PRIVATE_REFUSAL,
          errors,
          ask: each(async (url) => {
            const before = errors.length;
            const coins = new CoinList({ fetcher, baseUrl: url, log: silent });
            // While the list cannot be had, Gemwire's own coins serve.
            expect((await coins.index()).symbols.size).toBeGreaterThan(0);
            return errors.length > before ? (errors.at(-1) as Error).message : "";
          }),
        };
      },
    ],
  ];

  /** Asks `entry` for every URL, expects each refused for where it points, and the canary untouched. */
  async function expectRefused(
    task: Recorder,
    kind: HostileClass,
    entry: EntryPoint,
    urls: string[],
    labels: string[],
  ) {
    const canaryBefore = net.canaryConnections.length;
    const errorsBefore = entry.errors?.length ?? 0;
    const said = await entry.ask(urls);
    expect(said).toHaveLength(urls.length);
    for (const [i, words] of said.entries()) expect(words, `${labels[i]}: ${urls[i]}`).toMatch(entry.refusal);
    if (entry.errors) {
      const errors = entry.errors.slice(errorsBefore);
      expect(errors.length).toBeGreaterThanOrEqual(urls.length);
      for (const error of errors) expect(error).toSatisfy(isPolicyRefusal);
    }
    expect(net.canaryConnections.slice(canaryBefore)).toEqual([]);
    tried(task, kind, urls.length);
  }

  for (const [name] of entryPoints) swept.add(name);

  describe("T3 SSRF: every private or disguised address is refused", () => {
    for (const [name, make] of entryPoints) {
      it(`${name} refuses all ${ADDRESS_FORMS.length} address forms`, async ({ task }) => {
        const entry = make();
        const forms = ADDRESS_FORMS;
        // Each form at a path of its own: two spellings of one address are still two feeds.
        const urls = forms.map((form, i) => net.at(form, `/t3-${i}.xml`));
        await expectRefused(
          task,
          "ssrf",
          entry,
          urls,
          forms.map((form) => form.label),
        );
      });
    }

    it("members' feeds, the reader view and analysis refuse them with ALLOW_PRIVATE_SOURCES=1 too (system resolver)", async ({
      task,
    }) => {
      const forms = ADDRESS_FORMS.filter((form) => !form.needsResolver);
      const canaryBefore = net.canaryConnections.length;
      for (const [i, form] of forms.entries()) {
        const url = net.at(form, `/t3-setting-${i}.xml`);
        expect(answerOf(await add(settingOn, url)), form.label).toMatch(REFUSED_AS_PRIVATE);
        const analysed = await settingOn.inject({
          method: "GET",
          url: `/api/analysis?url=${encodeURIComponent(url)}`,
          remoteAddress: nextAddress(),
        });
        expect(answerOf(analysed), form.label).toMatch(REFUSED_AS_PRIVATE);
        const now = Date.now();
        await upsertArticles(handle.database, "bitcoin", [testItem(`setting-${i}`, 1, now, { link: url })], now);
        const read = await settingOn.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(url)}`,
          remoteAddress: nextAddress(),
        });
        expect(`${read.json().status}: ${read.json().reason}`, form.label).toMatch(
          /^failed: .*private or local network/,
        );
      }
      expect(net.canaryConnections.slice(canaryBefore)).toEqual([]);
      tried(task, "ssrf", forms.length * 3);
    });

    it("event image and website addresses are saved as written and never fetched by the server", async ({ task }) => {
      const session = await openSession(handle.database, { admin: true });
      const canaryBefore = net.canaryConnections.length;
      const saved: string[] = [];
      for (const [i, form] of ADDRESS_FORMS.entries()) {
        const address = `https://${form.host}:${net.canaryPort}/picture-${i}.png`;
        const response = await pages.inject({
          method: "POST",
          url: "/api/admin/events",
          cookies: { gemwire_admin: session },
          payload: {
            title: `Meetup ${i}`,
            description: "A meetup",
            startDate: "2030-01-01T10:00:00.000Z",
            endDate: "2030-01-01T12:00:00.000Z",
            location: { city: "Lisbon", country: "Portugal" },
            website: address.replace(".png", ".html"),
            imageUrl: address,
          },
        });
        expect(response.statusCode, `${form.label}: ${response.body}`).toBe(201);
        saved.push(response.json().imageUrl);
      }
      // The visitor's browser loads pictures (img-src https:); the server only lists the addresses.
      const listed = (await pages.inject({ method: "GET", url: "/api/events" })).json();
      const pictures = (listed.events as Array<{ imageUrl: string | null }>).map((event) => event.imageUrl);
      for (const picture of saved) expect(pictures).toContain(picture);
      expect(net.canaryConnections.slice(canaryBefore)).toEqual([]);
      tried(task, "ssrf", ADDRESS_FORMS.length);
    });
  });

  describe("T4 redirects: a public server redirecting to a private address is refused at the hop", () => {
    for (const [name, make] of entryPoints) {
      it(`${name} refuses every redirect to every form`, async ({ task }) => {
        const entry = make();
        const forms = ADDRESS_FORMS;
        const cases = forms.flatMap((form, i) =>
          scale([REDIRECTS[i % REDIRECTS.length] as number], [...REDIRECTS]).map((status) => ({ form, status })),
        );
        const prefix = `/t4-${feedNumber++}`;
        const hops = cases.map(({ form, status }, i) => {
          const hop = `${prefix}/${status}/${i}`;
          net.route(hop, (_request, response) =>
            response.writeHead(status, { location: net.at(form, `/after-${i}.xml`) }).end(),
          );
          return hop;
        });
        // The hop is the address asked for (for the relays' sweep, the relay).
        const urls = hops.map((hop) => `${net.origin}${hop}`);
        await expectRefused(
          task,
          "redirect",
          entry,
          urls,
          cases.map(({ form, status }) => `${status} to ${form.label}`),
        );
        // Each first hop was reached: the refusal came at the redirect.
        for (const hop of hops) expect(net.hits(hop), hop).toBeGreaterThanOrEqual(1);
      });
    }
  });

  describe("T5 DNS answers that change between check and connect", () => {
    const rebinds: Array<{ label: string; answer: (lookup: number) => Array<{ address: string; family: number }> }> = [
      {
        label: "public at the first look-up, loopback after",
        answer: (n) => [{ address: n === 1 ? PUBLIC_ADDRESS : "127.0.0.1", family: 4 }],
      },
      {
        label: "public and loopback by turns",
        answer: (n) => [{ address: n % 2 === 1 ? PUBLIC_ADDRESS : "127.0.0.1", family: 4 }],
      },
      {
        label: "loopback first, then public",
        answer: (n) => [{ address: n % 2 === 1 ? "127.0.0.1" : PUBLIC_ADDRESS, family: 4 }],
      },
      {
        label: "loopback and public in one answer",
        answer: () => [
          { address: "127.0.0.1", family: 4 },
          { address: "::1", family: 6 },
          { address: PUBLIC_ADDRESS, family: 4 },
        ],
      },
      {
        label: "IPv4-mapped loopback and public in one answer",
        answer: () => [
          { address: "::ffff:127.0.0.1", family: 6 },
          { address: PUBLIC_ADDRESS, family: 4 },
        ],
      },
    ];

    for (const [name, make] of entryPoints) {
      it(`${name} connects only to the address it checked`, async ({ task }) => {
        const entry = make();
        const canaryBefore = net.canaryConnections.length;
        const requests = scale(2, 12);
        let sent = 0;
        for (const [r, rebind] of rebinds.entries()) {
          const host = `rebind-${feedNumber++}-${r}.test`;
          net.rebind(host, rebind.answer);
          // The public server closes every connection, so each request looks the name up again.
          const paths = Array.from({ length: requests }, (_, i) => `/t5-${host}-${i}.xml`);
          for (const p of paths) {
            net.route(p, (_request, response) =>
              response.writeHead(404, { connection: "close", "content-type": "text/plain" }).end("gone"),
            );
          }
          const said = await entry.ask(paths.map((p) => `http://${host}:${net.sitePort}${p}`));
          expect(said).toHaveLength(requests);
          expect(net.lookups(host), rebind.label).toBeGreaterThanOrEqual(1);
          // The public half of each answer was reached: the name did resolve, to the checked address.
          expect(
            paths.reduce((sum, p) => sum + net.hits(p), 0),
            rebind.label,
          ).toBeGreaterThan(0);
          sent += requests;
        }
        // Every request reached the public server or was refused; none reached loopback.
        expect(net.canaryConnections.slice(canaryBefore)).toEqual([]);
        tried(task, "dns", sent);
      });
    }
  });
});

describe("T3 SSRF: the sweep covers every fetcher", () => {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const serverFiles = (fs.readdirSync(path.join(root, "server"), { recursive: true }) as string[])
    .map((file) => `server/${file.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(".ts") && !/\.test\.ts$|\/test\/|\/fixtures\//.test(file));
  const source = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

  it("every server file that imports the guarded client or makes one is swept above (or trusted by design)", () => {
    const makesClients = /\bcreate(GuardedFetch|PageFetch|PageClients|MemberFeedFetch)\(/;
    const fetching = serverFiles.filter((file) => {
      if (file === "server/outbound/guarded-fetch.ts") return false;
      const text = source(file);
      return /from "[./]*(?:\/?outbound\/)?guarded-fetch\.ts"/.test(text) || makesClients.test(text);
    });
    expect(fetching.sort()).toEqual(Object.keys(FETCHING_FILES).sort());
    // And every entry point those files are listed for has its sweeps above.
    expect([...swept].sort()).toEqual(Object.values(ENTRY).sort());
  });

  it("only the LLM client may reach any address, and nothing reaches out but the guarded client", () => {
    for (const file of serverFiles) {
      const text = source(file);
      if (/allowPrivate:\s*true/.test(text)) expect(FETCHING_FILES[file], file).toContain(TRUSTED_LLM);
      if (file === "server/outbound/guarded-fetch.ts") continue;
      // No other HTTP client, socket or global fetch in the server.
      expect(text, file).not.toMatch(
        /from "undici"|[^.\w]fetch\(|\b(?:net|tls)\.connect\(|\bhttps?\.(?:request|get)\(/,
      );
      for (const [, names, module] of text.matchAll(
        /^import\s+(?!type\b)\{([^}]*)\}\s+from\s+"(?:node:)?(http|https|net|tls|dgram|http2)"/gm,
      )) {
        const values = (names as string)
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith("type "));
        expect(values, `${file} imports from ${module}`).toEqual(
          values.filter((name) => ["isIP", "isIPv4", "isIPv6", "BlockList", "STATUS_CODES"].includes(name)),
        );
      }
    }
  });
});
