/**
 * The outbound entry points the T3–T5 sweeps (ssrf-*.test.ts) go through, each asking
 * the app for an address the way a member, a reader, the admin or a scheduled refresh
 * would, and the server files that fetch from outside, mapped to the entry points that
 * prove they refuse private addresses (ssrf-coverage.test.ts checks the map against the code).
 */
import { expect } from "vitest";
import { MAX_MEMBER_FEEDS } from "../../contracts/reading-catalog.ts";
import { loadConfig } from "../../server/config.ts";
import { openSession } from "../../server/lib/sessions/sessions.ts";
import { CoinList } from "../../server/modules/analysis/coin-list.ts";
import { getFeedStatus, upsertArticles } from "../../server/modules/articles/repository.ts";
import { refreshDueFeeds, refreshFeed } from "../../server/modules/feeds/refresh.ts";
import { createPriceService } from "../../server/modules/market/price-service.ts";
import { memberFeedKey, normaliseAddress } from "../../server/modules/member-feeds/address.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { follow } from "../../server/modules/member-feeds/repository.ts";
import { refreshDueSources } from "../../server/modules/trends/refresh.ts";
import { sourceRows } from "../../server/modules/trends/repository.ts";
import { createGuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { testItem } from "../../server/test/items.ts";
import { PRIVATE_REFUSAL, recording, silent } from "./outbound-internet.ts";
import {
  answerOf,
  type EntryPoint,
  each,
  PRIVATE_WORDS,
  REFUSED_AS_PRIVATE,
  type SsrfHarness,
} from "./ssrf-harness.ts";

/** Every outbound entry point the sweeps go through, by the name their tests carry. */
export const ENTRY = {
  builtInFeeds: "built-in feeds (their scheduled refresh)",
  relays: "feed relays (the proxies a feed may be read through)",
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
export type Entry = (typeof ENTRY)[keyof typeof ENTRY];

/**
 * Reached on purpose at any address: the operator's own LLM endpoint (ANALYSIS_LLM_URL),
 * often a model server on the same machine; only the configured address is asked, with
 * POSTs, which are never redirected (guarded-fetch.test.ts).
 */
export const TRUSTED_LLM = "the LLM endpoint (ANALYSIS_LLM_URL): trusted by design";

/** Every server file that fetches from outside, and which sweeps prove it refuses private addresses. */
export const FETCHING_FILES: Record<string, ReadonlyArray<Entry | typeof TRUSTED_LLM>> = {
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
  "server/modules/pages/page-reads.ts": [ENTRY.reader, ENTRY.analysis],
  "server/modules/trends/read-source.ts": [ENTRY.trends],
  "server/modules/trends/refresh.ts": [ENTRY.trends],
};

/** Every outbound entry point the sweeps go through: each made afresh per test, on that file's harness. */
export const ENTRY_POINTS: ReadonlyArray<readonly [Entry, (h: SsrfHarness) => EntryPoint]> = [
  [
    ENTRY.builtInFeeds,
    (h) => {
      const { fetcher, errors } = h.client();
      return {
        refusal: PRIVATE_REFUSAL,
        errors,
        ask: each(async (url) => {
          expect(await refreshFeed(h.refreshContext(fetcher), { key: "news", url })).toBe("failed");
          return (await getFeedStatus(h.handle.database, "news"))?.last_error ?? "";
        }),
      };
    },
  ],
  [
    ENTRY.relays,
    (h) => {
      const { fetcher } = h.client();
      return {
        // The feed itself is gone (410), so the relay is asked: its own address is what is swept.
        refusal:
          /^All proxies failed: Relay \S+: \S+ (?:is a private or reserved address|resolves only to private or reserved addresses)$/,
        ask: each(async (url) => {
          const relay = `${url}?url=`;
          const sources = { feeds: [], relays: [relay] };
          const outcome = await refreshFeed(h.refreshContext(fetcher, sources), {
            key: "market",
            url: `${h.net.origin}/gone.xml`,
          });
          expect(outcome).toBe("failed");
          const status = await getFeedStatus(h.handle.database, "market");
          return `${status?.last_error}: ${status?.last_error_detail}`;
        }),
      };
    },
  ],
  [
    ENTRY.memberAdd,
    (h) => ({
      refusal: REFUSED_AS_PRIVATE,
      ask: each(async (url) => answerOf(await h.add(h.members, url))),
    }),
  ],
  [
    ENTRY.discovery,
    (h) => ({
      refusal: REFUSED_AS_PRIVATE,
      ask: each(async (url) => {
        const page = `/site-${++h.feedNumber}/`;
        h.net.route(page, (_request, response) =>
          response
            .writeHead(200, { "content-type": "text/html; charset=utf-8" })
            .end(
              `<!doctype html><html><head><title>A blog</title><link rel="alternate" type="application/rss+xml" href="${url}"></head><body><p>Posts</p></body></html>`,
            ),
        );
        const said = answerOf(await h.add(h.members, `${h.net.origin}${page}`));
        expect(h.net.hits(page)).toBe(1);
        return said;
      }),
    }),
  ],
  [
    ENTRY.opml,
    (h) => ({
      refusal: /^refused: .*private or local network/,
      async ask(urls) {
        const said: string[] = [];
        // At most the member's room plus 5 lines are checked per import: 40 at a time.
        for (let start = 0; start < urls.length; start += 40) {
          const batch = urls.slice(start, start + 40);
          const who = await joinAsMember(h.members, h.handle.database);
          const opml = `<?xml version="1.0"?><opml version="2.0"><body>${batch
            .map((url, i) => `<outline text="Feed ${i}" type="rss" xmlUrl="${url.replaceAll("&", "&amp;")}"/>`)
            .join("\n")}</body></opml>`;
          const response = await h.members.inject({
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
    (h) => {
      // The h.members' client as main.ts makes it, with ALLOW_PRIVATE_SOURCES=1 (which it ignores);
      // the built-in feeds' client may reach anything here, and member feeds must never use it.
      const memberClient = createMemberFeedFetch(loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }), {}, h.net.policy);
      h.clients.push(memberClient);
      const { fetcher, errors } = recording(memberClient);
      const anyAddress = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
      h.clients.push(anyAddress);
      return {
        refusal: PRIVATE_WORDS,
        errors,
        async ask(urls) {
          const said: string[] = [];
          for (let start = 0; start < urls.length; start += 40) {
            // Followed before any check could refuse them (say, an older Gemwire's follows).
            const who = await joinAsMember(h.members, h.handle.database);
            const keys: string[] = [];
            for (const url of urls.slice(start, start + 40)) {
              const key = memberFeedKey(normaliseAddress(url));
              keys.push(key);
              const feed = { key, url, title: "Followed long ago", siteUrl: null };
              await follow(h.handle.database, who.id, feed, MAX_MEMBER_FEEDS, Date.now());
            }
            for (let pass = 0; pass < 10; pass++) {
              const summary = await refreshDueFeeds({ ...h.refreshContext(anyAddress), memberFeeds: { fetcher } });
              if (summary.attempted === 0) break;
            }
            // What the member sees on their list of feeds.
            const listed = (
              await h.members.inject({ method: "GET", url: "/api/me/feeds", cookies: who.cookies })
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
    (h) => ({
      refusal: /^failed: .*private or local network/,
      ask: each(async (url, i) => {
        // Only articles Gemwire knows are read: each address is a stored article's link.
        const now = Date.now();
        const article = testItem(`ssrf-${++h.feedNumber}`, 1 + i / 100, now, { link: url });
        await upsertArticles(h.handle.database, "bitcoin", [article], now);
        const response = await h.pages.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(url)}`,
          remoteAddress: h.nextAddress(),
        });
        expect(response.statusCode, response.body).toBe(200);
        return `${response.json().status}: ${response.json().reason}`;
      }),
    }),
  ],
  [
    ENTRY.analysis,
    (h) => ({
      refusal: REFUSED_AS_PRIVATE,
      ask: each(async (url) =>
        answerOf(
          await h.pages.inject({
            method: "GET",
            url: `/api/analysis?url=${encodeURIComponent(url)}`,
            remoteAddress: h.nextAddress(),
          }),
        ),
      ),
    }),
  ],
  [
    ENTRY.extract,
    (h) => ({
      refusal: REFUSED_AS_PRIVATE,
      ask: each(async (url) => {
        const session = await openSession(h.handle.database, { admin: true });
        return answerOf(
          await h.pages.inject({
            method: "POST",
            url: "/api/admin/blog/extract",
            payload: { url },
            cookies: { gemwire_admin: session },
            remoteAddress: h.nextAddress(),
          }),
        );
      }),
    }),
  ],
  [
    ENTRY.trends,
    (h) => {
      const { fetcher, errors } = h.client({ timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
      return {
        refusal: PRIVATE_WORDS,
        errors,
        ask: each(async (url) => {
          h.trendsTick += 120_000;
          const sources = [{ id: "US", format: "rss" as const, country: "US" as const, url }];
          const context = { database: h.handle.database, fetcher, sources, refreshMs: 60_000, log: silent };
          expect(await refreshDueSources(context, h.trendsTick)).toEqual(["US"]);
          const row = (await sourceRows(h.handle.database)).find((r) => r.source === "US");
          return row?.last_error ?? "";
        }),
      };
    },
  ],
  [
    ENTRY.prices,
    (h) => {
      const { fetcher, errors } = h.client({ timeoutMs: 8_000, maxBytes: 512 * 1024 });
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
    (h) => {
      const { fetcher, errors } = h.client({ timeoutMs: 20_000, maxBytes: 16 * 1024 * 1024 });
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
