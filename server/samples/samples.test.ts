import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedKeys } from "../../contracts/feeds.ts";
import { parseFeed } from "../lib/feed-reader/parse-feed.ts";
import { createLogger } from "../logger.ts";
import { refreshDueFeeds } from "../modules/feeds/refresh.ts";
import { listFeedItems, listFeeds } from "../modules/feeds/service.ts";
import { resolveSources } from "../modules/feeds/sources.ts";
import { createGuardedFetch } from "../outbound/guarded-fetch.ts";
import { useTestApp, withTestApp } from "../test/app.ts";
import { testDatabaseTargets } from "../test/databases.ts";
import { sampleArticles, sampleOutlets } from "./articles.ts";
import { renderPicture } from "./render-extras.ts";

describe("sample mode (npm run demo)", () => {
  let base: string;
  const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 5_000 });

  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, { env: { SAMPLE_MODE: "1" } });
  beforeAll(async () => {
    await setup.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`;
  });
  // Registered after the app: closed before it.
  afterAll(async () => fetcher.close());

  it("serves every feed, in every format, and they all refresh cleanly", async () => {
    const port = (setup.app.server.address() as AddressInfo).port;
    const sources = resolveSources({ sampleMode: true, samplesUrl: `http://127.0.0.1:${port}/samples` });
    const summary = await refreshDueFeeds({
      database: setup.database,
      sources,
      fetcher,
      refreshMs: 300_000,
      retention: { maxItems: 1_000, maxAgeMs: 30 * 86_400_000 },
      holder: "demo-test",
      log: createLogger({ logLevel: "silent" }),
    });
    expect(summary).toEqual({ attempted: 10, outcomes: { updated: 10 } });
    const { feeds, error } = await listFeeds(setup.database, sources);
    expect(error).toBeNull();
    for (const key of feedKeys.filter((k) => k !== "gemwire")) {
      const expected = sampleArticles.filter((a) => a.feed === key).length;
      expect(feeds.find((f) => f.key === key)?.itemCount, key).toBe(expected);
    }
  });

  it("names the outlets, so several sources cover one story", async () => {
    const port = (setup.app.server.address() as AddressInfo).port;
    const { items } = await listFeedItems(
      setup.database,
      resolveSources({ sampleMode: true, samplesUrl: `http://127.0.0.1:${port}/samples` }),
      "bitcoin",
      {
        limit: 50,
      },
    );
    const etfStory = items.filter((item) => /record high/.test(item.title)).map((item) => item.source);
    expect(etfStory.sort()).toEqual(["Blockline Daily", "Hashgate News", "Orange Pill Review"]);
    expect(items.every((item) => Date.now() - Date.parse(item.pubDate) < 48 * 3_600_000)).toBe(true);
  });

  it("names no real outlet or journalist: invented outlets on .example hosts, links to the demo's own pages", async () => {
    const real =
      /coindesk|decrypt|bloomberg|\bwsj\b|wall street journal|the block\b|cointelegraph|cryptoslate|bitcoin magazine|coin bureau|watcher\.guru|nft ?now|r\/memecoins|reuters|forbes/i;
    for (const article of sampleArticles) {
      expect(`${article.source} ${article.creator}`, article.slug).not.toMatch(real);
      expect(sampleOutlets[article.source], `${article.source} has a made-up home`).toBeDefined();
    }
    for (const home of Object.values(sampleOutlets)) expect(new URL(home).hostname).toMatch(/\.example$/);
    for (const key of feedKeys.filter((k) => k !== "gemwire")) {
      const body = await (await fetch(`${base}/samples/feeds/${key}`)).text();
      expect(body, key).not.toMatch(real);
      for (const item of parseFeed(body, { fetchedAt: new Date() })) {
        const link = new URL(item.link);
        const ownPage = link.origin === base && link.pathname.startsWith("/samples/articles/");
        expect(ownPage || link.hostname.endsWith(".example"), item.link).toBe(true);
      }
    }
    // Real journalists the samples used to name as authors.
    const names = sampleArticles.map((article) => article.creator).join("|");
    for (const journalist of ["Helene Braun", "Omkar Godbole", "Olga Kharif", "Vicky Ge Huang", "Shaurya Malwa"]) {
      expect(names).not.toContain(journalist);
    }
  });

  it("lists one article whose page its outlet has taken down (404), so the demo shows a page that fails", async () => {
    const gone = sampleArticles.filter((article) => article.pageGone);
    expect(gone.map((article) => article.feed)).toEqual(["news"]);
    const link = `${base}/samples/articles/${gone[0]?.slug}`;
    const items = parseFeed(await (await fetch(`${base}/samples/feeds/news`)).text(), { fetchedAt: new Date() });
    expect(items.map((item) => item.link)).toContain(link);
    expect(gone[0]?.summary).toMatch(/^Sample article/);
    expect((await fetch(link)).status).toBe(404);
  });

  it("styles the article pages dark with a stylesheet of its own, under the app's CSP", async () => {
    const page = await fetch(`${base}/samples/articles/${sampleArticles[0]?.slug}`);
    const html = await page.text();
    expect(html).toContain('<link rel="stylesheet" href="/samples/article.css">');
    expect(html).toContain("Sample article, invented for Gemwire's offline demo");
    expect(html).not.toMatch(/<style|style=/);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    const css = await fetch(`${base}/samples/article.css`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toMatch(/background: #09090b/);
  });

  it("links each item to a readable sample article and a picture", async () => {
    const response = await fetch(`${base}/samples/feeds/news`);
    const [first] = parseFeed(await response.text(), { fetchedAt: new Date() });
    const page = await fetch(first?.link ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1>${first?.title}</h1>`);
    const picture = await fetch(first?.image ?? "");
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("serves CoinGecko-style prices and Google-Trends-style RSS", async () => {
    const prices = await (
      await fetch(`${base}/samples/prices/api/v3/simple/price?ids=bitcoin,ethereum,nope&vs_currencies=usd`)
    ).json();
    expect(Object.keys(prices)).toEqual(["bitcoin", "ethereum"]);
    expect(prices.bitcoin.usd).toBeGreaterThan(50_000);
    const trends = await (await fetch(`${base}/samples/trends/rss?geo=US`)).text();
    expect(trends).toContain("<ht:approx_traffic>2M+</ht:approx_traffic>");
    expect(parseFeed(trends, { fetchedAt: new Date() }).length).toBe(20);
    const realtime = await (await fetch(`${base}/samples/trends/realtime`)).text();
    expect(realtime.startsWith(")]}'")).toBe(true);
  });

  it("is not served outside sample mode", async () => {
    await withTestApp({}, async (plain) => {
      const response = await plain.inject({ method: "GET", url: "/samples/feeds/news" });
      expect(response.headers["content-type"]).not.toMatch(/rss/);
      expect(response.body).not.toContain("<rss");
    });
  });
});

describe("sample pictures", () => {
  it("has a picture for every sample article that names one, so no card asks for a missing image", () => {
    const missing = sampleArticles
      .filter((article) => article.picture && renderPicture(article.picture) === undefined)
      .map((article) => article.picture);
    expect(missing).toEqual([]);
  });
});
