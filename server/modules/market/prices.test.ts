import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_PRICE_SYMBOLS, widgetCoins } from "../../../contracts/market-catalog.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { deadAddress, startFakePriceApi } from "../../test/fake-price-api.ts";
import { createPriceService, PRICE_RETRY_MS, PRICE_TTL_MS } from "./price-service.ts";

const T0 = Date.UTC(2026, 10, 22, 12);

const upstream = {
  bitcoin: { usd: 100_000, usd_24h_change: 1.5, usd_market_cap: 2e12, usd_24h_vol: 5e10 },
  ethereum: { usd: 4_000, usd_24h_change: -2, usd_market_cap: 4.8e11, usd_24h_vol: 2e10 },
  solana: { usd: 200 },
  // What a broken source might send: refused, never shown as a price.
  tether: { usd: -1 },
  "usd-coin": { usd: 0, usd_24h_change: 0 },
  ripple: { usd: "2.3" },
  cardano: { usd: 1, usd_24h_change: null, usd_market_cap: "big" },
};

type Fake = Awaited<ReturnType<typeof startFakePriceApi>>;
const quietLog = () => {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return log as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
};

describe("/api/prices against a local price API", () => {
  const [target] = testDatabaseTargets();
  let handle: TestDatabaseHandle | undefined;
  let fake: Fake;
  let app: FastifyInstance;
  let clock = T0;
  let log: ReturnType<typeof quietLog>;
  let fetcher: ReturnType<typeof createGuardedFetch>;

  beforeAll(async () => {
    fake = await startFakePriceApi(upstream);
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    clock = T0;
    fake.calls.length = 0;
    fake.keys.length = 0;
    fake.state.mode = "ok";
  });

  /** A fresh app whose price service reads `baseUrl` on the test's clock, with a short deadline. */
  async function start(baseUrl = fake.baseUrl) {
    log = quietLog();
    fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 300 });
    const prices = createPriceService({ baseUrl, fetcher, source: "prices.test", log, now: () => clock });
    handle = await openTestDatabase(target as NonNullable<typeof target>);
    app = await buildTestApp(handle.database, { prices });
  }
  afterEach(async () => {
    await app.close();
    await fetcher.close();
    await handle?.dispose();
  });

  const ask = async (symbols: string) => app.inject({ method: "GET", url: `/api/prices?symbols=${symbols}` });

  it("answers ten concurrent requests with one upstream call carrying every known coin, then caches for 30 s", async () => {
    await start();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask("btc,ETH,BTC")));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(fake.calls).toHaveLength(1);
    expect(new Set(fake.calls[0])).toEqual(new Set(widgetCoins.map((coin) => coin.coinId)));
    const body = answers[0]?.json();
    expect(body).toEqual({
      prices: {
        BTC: {
          usd: 100_000,
          change24h: 1.5,
          marketCap: 2e12,
          volume24h: 5e10,
          asOf: new Date(T0).toISOString(),
          source: "prices.test",
        },
        ETH: expect.objectContaining({ usd: 4_000, change24h: -2 }),
      },
      unavailable: null,
    });
    expect(answers[0]?.headers["cache-control"]).toBe("private, max-age=10");

    // The widget, marquee and tokens share the one call: any known coin is cached now.
    clock += PRICE_TTL_MS - 1;
    expect((await ask("SOL,LINK")).json().prices.SOL.usd).toBe(200);
    expect(fake.calls).toHaveLength(1);

    clock += 1;
    const later = (await ask("BTC")).json();
    expect(fake.calls).toHaveLength(2);
    expect(later.prices.BTC.asOf).toBe(new Date(T0 + PRICE_TTL_MS).toISOString());
  });

  it("adds unknown ids to the one call, answers them null and remembers that", async () => {
    await start();
    const first = (await ask("BTC,ZZZCOIN")).json();
    expect(first.prices).toEqual({ BTC: expect.objectContaining({ usd: 100_000 }), ZZZCOIN: null });
    expect(first.unavailable).toBeNull();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toContain("zzzcoin");
    for (let i = 0; i < 5; i++) await ask("ZZZCOIN,BTC");
    expect(fake.calls).toHaveLength(1);
  });

  it("starts at most one upstream call per 30 s however many made-up symbols strangers ask for", async () => {
    await start();
    await ask("BTC");
    expect(fake.calls).toHaveLength(1);
    // Fifty requests, each naming a coin nobody asked for before.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(`Z${i},BTC`)));
    expect(fake.calls).toHaveLength(1);
    expect(answers[7]?.json().prices).toEqual({ Z7: null, BTC: expect.objectContaining({ usd: 100_000 }) });
    clock += 10_000;
    await ask("Z50");
    expect(fake.calls).toHaveLength(1);
    // The next call, due anyway for the known coins, carries the ids that waited.
    clock += PRICE_TTL_MS;
    await ask("Z3");
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]).toEqual(expect.arrayContaining(["bitcoin", "z0", "z49", "z50"]));
    await ask("Z0,Z49");
    expect(fake.calls).toHaveLength(2);
  });

  it("keeps a query on PRICE_API_URL (an operator's API key) and never logs it", async () => {
    await start(`${fake.baseUrl}?x_cg_pro_api_key=sekrit-key`);
    const answer = (await ask("BTC")).json();
    expect(answer.prices.BTC).toEqual(expect.objectContaining({ usd: 100_000 }));
    expect(fake.keys).toEqual(["sekrit-key"]);

    clock += PRICE_TTL_MS;
    fake.state.mode = "error500";
    expect((await ask("BTC")).json().prices.BTC).toBeNull();
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain("sekrit");
  });

  it("refuses zero, negative, non-numeric and missing prices, and keeps only finite extras", async () => {
    await start();
    const { prices } = (await ask("USDT,USDC,XRP,ADA,SOL")).json();
    expect(prices.USDT).toBeNull();
    expect(prices.USDC).toBeNull();
    expect(prices.XRP).toBeNull();
    expect(prices.ADA).toEqual(expect.objectContaining({ usd: 1, change24h: null, marketCap: null }));
    expect(prices.SOL).toEqual(expect.objectContaining({ usd: 200, change24h: null, volume24h: null }));
  });

  const failures: Array<[string, (fake: Fake) => Promise<string | undefined>, RegExp]> = [
    ["refuses connections", async () => deadAddress(), /could not be reached/],
    [
      "answers after the deadline",
      async (f) => {
        f.state.mode = "slow";
        return undefined;
      },
      /did not answer in time/,
    ],
    [
      "answers 500",
      async (f) => {
        f.state.mode = "error500";
        return undefined;
      },
      /HTTP 500/,
    ],
    [
      "answers garbage",
      async (f) => {
        f.state.mode = "garbage";
        return undefined;
      },
      /not valid JSON/,
    ],
    [
      "answers JSON of the wrong shape",
      async (f) => {
        f.state.mode = "wrong-shape";
        return undefined;
      },
      /not a list of prices/,
    ],
  ];

  it.each(failures)(
    "when the source %s: 200 with nulls and the reason, logged once, no re-ask storm",
    async (_name, breakIt, reason) => {
      await start(await breakIt(fake));
      const answer = await ask("BTC,ETH");
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.prices).toEqual({ BTC: null, ETH: null });
      expect(body.unavailable).toEqual({
        reason: expect.stringMatching(reason),
        lastGood: {},
        retryAt: new Date(T0 + PRICE_RETRY_MS).toISOString(),
      });
      expect(body.unavailable.reason).not.toContain("127.0.0.1");
      expect(log.warn).toHaveBeenCalledTimes(1);
      const calls = fake.calls.length;
      await Promise.all(Array.from({ length: 20 }, () => ask("BTC,SOL,DOGE")));
      clock += PRICE_RETRY_MS - 1;
      await ask("BTC");
      expect(fake.calls).toHaveLength(calls);
      expect(log.warn).toHaveBeenCalledTimes(1);
    },
  );

  it("after a failure gives each coin's last good time, and prices again once the source is back", async () => {
    await start();
    await ask("BTC");
    clock += PRICE_TTL_MS;
    fake.state.mode = "error500";
    const failed = (await ask("BTC,ETH,ZZZCOIN")).json();
    expect(failed.prices).toEqual({ BTC: null, ETH: null, ZZZCOIN: null });
    expect(failed.unavailable.lastGood).toEqual({ BTC: new Date(T0).toISOString(), ETH: new Date(T0).toISOString() });
    expect(fake.calls).toHaveLength(2);

    fake.state.mode = "ok";
    clock += PRICE_RETRY_MS;
    const back = (await ask("BTC,ETH")).json();
    expect(back.unavailable).toBeNull();
    expect(back.prices.BTC.asOf).toBe(new Date(clock).toISOString());
    expect(fake.calls).toHaveLength(3);
  });

  it("refuses bad symbol lists with a clear message and asks nobody", async () => {
    await start();
    const tooMany = Array.from({ length: MAX_PRICE_SYMBOLS + 1 }, (_, i) => `C${i}`).join(",");
    const cases: Array<[string, RegExp]> = [
      ["BTC%00", /control characters/],
      ["B-TC,ETH", /"B-TC" is not a symbol/],
      ["BTC,%24ETH", /"\$ETH" is not a symbol/],
      ["ABCDEFGHIJKLMNOP", /"ABCDEFGHIJKLMNOP" is not a symbol/],
      [tooMany, new RegExp(`At most ${MAX_PRICE_SYMBOLS} symbols per request \\(got ${MAX_PRICE_SYMBOLS + 1}\\)`)],
      [",,", /Name at least one symbol/],
      ["", /Name at least one symbol/],
    ];
    for (const [symbols, message] of cases) {
      const answer = await ask(symbols);
      expect(answer.statusCode, symbols).toBe(400);
      expect(answer.json().error.message, symbols).toMatch(message);
    }
    expect((await app.inject({ method: "GET", url: "/api/prices" })).statusCode).toBe(400);
    expect(fake.calls).toHaveLength(0);
  });

  it("appears in the OpenAPI document with the market routes", async () => {
    await start();
    const paths = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/api/prices", "/api/tokens/{symbol}/history", "/api/tokens/{symbol}/news"]),
    );
    expect(paths["/api/prices"].get.description).toMatch(/30 seconds/);
  });
});

describe("the app's own price service", () => {
  const [target] = testDatabaseTargets();

  async function withApp(env: Record<string, string>, use: (app: FastifyInstance) => Promise<void>) {
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const app = await buildTestApp(handle.database, { env });
    try {
      await use(app);
    } finally {
      await app.close();
      await handle.dispose();
    }
  }

  it("reads PRICE_API_URL through the guarded client and names its host as the source", async () => {
    const fake = await startFakePriceApi(upstream);
    try {
      await withApp({ PRICE_API_URL: fake.baseUrl, ALLOW_PRIVATE_SOURCES: "1" }, async (app) => {
        const { prices } = (await app.inject({ method: "GET", url: "/api/prices?symbols=BTC" })).json();
        expect(prices.BTC).toEqual(expect.objectContaining({ usd: 100_000, source: fake.host }));
      });
      // Without ALLOW_PRIVATE_SOURCES the guarded client refuses loopback: no price, and why.
      await withApp({ PRICE_API_URL: fake.baseUrl }, async (app) => {
        const body = (await app.inject({ method: "GET", url: "/api/prices?symbols=BTC" })).json();
        expect(body.prices.BTC).toBeNull();
        expect(body.unavailable.reason).toMatch(/not allowed/);
      });
      expect(fake.calls).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it("in sample mode reads this server's own moving sample prices, for every widget coin", async () => {
    await withApp({ SAMPLE_MODE: "1", PORT: "4311" }, async (app) => {
      await app.listen({ port: 4311, host: "127.0.0.1" });
      const symbols = widgetCoins.map((coin) => coin.symbol).join(",");
      const body = (await app.inject({ method: "GET", url: `/api/prices?symbols=${symbols}` })).json();
      expect(body.unavailable).toBeNull();
      for (const coin of widgetCoins) {
        expect(body.prices[coin.symbol], coin.symbol).toEqual({
          usd: expect.any(Number),
          change24h: expect.any(Number),
          marketCap: expect.any(Number),
          volume24h: expect.any(Number),
          asOf: expect.any(String),
          source: "sample",
        });
      }
    });
  });
});
