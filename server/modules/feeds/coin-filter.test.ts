import { describe, expect, it } from "vitest";
import type { NormalisedItem } from "../../lib/feed-reader/normalise.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";

const now = Date.now();
const item = (id: string, hoursAgo: number, extra: Partial<NormalisedItem> = {}) =>
  testItem(id, hoursAgo, now, { description: "", ...extra });
const COIN_ERROR = "coin must be a coin's symbol, such as SOL (letters and digits, at most 12)";

describe.each(testDatabaseTargets())("?coin= on the feeds API on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "news",
        [
          item("n1", 1, { title: "Solana ETF filings pile up as SOL rallies", source: "CoinDesk" }),
          item("n2", 2, { title: "Bitcoin steady", description: "Traders also bought $sol" }),
          item("n3", 3, { title: "Ethereum gas falls" }),
          item("n4", 4, { title: "A new solution for wallets" }),
          item("n5", 5, { title: "MSOL staking grows" }),
        ],
        now,
      );
      await upsertArticles(
        database,
        "bitcoin",
        [
          // The same article on another feed: Gemwire's feed lists it once.
          item("s1", 1, { title: "Solana ETF filings pile up as SOL rallies", link: "https://news.example/n1" }),
          item("s2", 6, { title: "Solana ETF filings pile up as SOL surges", source: "Decrypt" }),
        ],
        now,
      );
    },
  });

  const get = (url: string) => setup.app.inject({ method: "GET", url });
  const ids = async (url: string) => {
    const answer = await get(url);
    expect(answer.statusCode, url).toBe(200);
    return answer.json().items.map((entry: { id: string }) => entry.id);
  };

  it("fills every item's coins from its tags", async () => {
    const { items } = (await get("/api/feeds/news/items")).json();
    expect(Object.fromEntries(items.map((entry: { id: string; coins: string[] }) => [entry.id, entry.coins]))).toEqual({
      n1: ["SOL"],
      n2: ["BTC", "SOL"],
      n3: ["ETH"],
      n4: [],
      n5: ["MSOL"],
    });
  });

  it("lists only the articles tagged with the coin, in any case of the symbol", async () => {
    for (const coin of ["SOL", "sol", "%20Sol%20"]) {
      expect(await ids(`/api/feeds/news/items?coin=${coin}`)).toEqual(["n1", "n2"]);
    }
    expect(await ids("/api/feeds/news/items?coin=MSOL")).toEqual(["n5"]);
    expect(await ids("/api/feeds/news/items?coin=DOGE")).toEqual([]);
    // Together with the source filter and paging.
    expect(await ids("/api/feeds/news/items?coin=SOL&source=CoinDesk")).toEqual(["n1"]);
    const first = (await get("/api/feeds/news/items?coin=SOL&limit=1")).json();
    expect(first.items.map((entry: { id: string }) => entry.id)).toEqual(["n1"]);
    expect(await ids(`/api/feeds/news/items?coin=SOL&limit=1&before=${first.next}`)).toEqual(["n2"]);
  });

  it("filters Gemwire's own feed to the newest tagged articles of every feed, each link once", async () => {
    const items = (await get("/api/feeds/gemwire/items?coin=SOL")).json().items;
    expect(items.map((entry: { link: string }) => entry.link)).toEqual([
      "https://news.example/n1",
      "https://news.example/n2",
      "https://news.example/s2",
    ]);
    for (const entry of items) expect(entry.coins).toContain("SOL");
    // Unfiltered, the top story (n1 and s2) leads; the filter never drops a tagged article.
    expect((await get("/api/feeds/gemwire/items")).json().items.length).toBeGreaterThan(items.length);
  });

  it("gives story articles their tags", async () => {
    const { stories } = (await get("/api/stories?feed=bitcoin")).json();
    expect(stories).toHaveLength(1);
    expect(stories[0].articles.map((entry: { coins: string[] }) => entry.coins)).toEqual([["SOL"], ["SOL"]]);
  });

  it("answers 400 with the contract's words for anything but a symbol", async () => {
    for (const coin of ["S-L", "%25SOL%25", "SOL%00", "ABCDEFGHIJKLM", "%E2%82%BF", "", "%20"]) {
      const answer = await get(`/api/feeds/news/items?coin=${coin}`);
      expect(answer.statusCode, coin).toBe(400);
      expect(answer.json().error.message, coin).toMatch(/coin must be a coin's symbol|control characters/);
    }
    const answer = await get("/api/feeds/news/items?coin=S_L");
    expect(answer.json().error.message).toContain(COIN_ERROR);
  });
});
