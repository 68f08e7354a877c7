import { beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../../contracts/analysis-catalog.ts";
import { sampleArticles } from "../../samples/articles.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { freePort } from "../../test/free-port.ts";

/*
 * npm run demo: sample mode analyses this server's own sample articles (on 127.0.0.1,
 * which no other analysis may reach) and finds tickers through the sample price API's
 * coin list, all offline.
 */

describe("analysis in sample mode", () => {
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  let port = 0;

  const setup = useTestApp(target, async () => {
    port = await freePort();
    return { env: { SAMPLE_MODE: "1", PORT: String(port) } };
  });
  beforeAll(async () => {
    await setup.app.listen({ port, host: "127.0.0.1" });
  });

  it("analyses a sample article: its sentences, and its coins flagged from the sample coin list", async () => {
    const article = sampleArticles.find((candidate) => candidate.title.startsWith("New Solana memecoin tops"));
    if (!article) throw new Error("no such sample article");
    const url = `http://127.0.0.1:${port}/samples/articles/${article.slug}`;
    const response = await setup.app.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}` });
    expect(response.statusCode, response.body).toBe(200);
    const analysis: Analysis = response.json();
    expect(analysis.story_title).toBe(article.title);
    expect(analysis.key_points.map((point) => point.text)).toEqual(article.body);
    expect(analysis.key_points.map((point) => point.paragraph)).toEqual([1, 2, 3]);
    expect(analysis.tickers).toEqual([{ symbol: "SOL", name: "Solana", mentions: 3, solana: true, token: true }]);
  });

  it("serves the coin list in CoinGecko's shape, with Solana addresses only when asked for platforms", async () => {
    const withPlatforms = await setup.app.inject({ url: "/samples/prices/api/v3/coins/list?include_platform=true" });
    const list = withPlatforms.json() as Array<{ id: string; symbol: string; name: string; platforms: object }>;
    expect(list).toEqual(
      expect.arrayContaining([
        { id: "solana", symbol: "sol", name: "Solana", platforms: {} },
        { id: "bonk", symbol: "bonk", name: "Bonk", platforms: { solana: "sample-solana-bonk-address" } },
        {
          id: "usd-coin",
          symbol: "usdc",
          name: "USDC",
          platforms: { ethereum: "sample-ethereum-usdc-address", solana: "sample-solana-usdc-address" },
        },
      ]),
    );
    const plain = (await setup.app.inject({ url: "/samples/prices/api/v3/coins/list" })).json();
    expect(plain[0]).toEqual({ id: "bitcoin", symbol: "btc", name: "Bitcoin" });
  });
});
