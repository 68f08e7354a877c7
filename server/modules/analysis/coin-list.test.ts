import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { CoinList, coinListUrl, readCoinList } from "./coin-list.ts";
import { startPriceApi, testCoinList } from "./fixtures/site.ts";

const HOUR = 3_600_000;
const FALLBACK_WARNING = "could not load the coin list; analyses use Gemwire's own coins meanwhile";
const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger;

let prices: Awaited<ReturnType<typeof startPriceApi>>;
const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });

beforeAll(async () => {
  prices = await startPriceApi();
});
afterAll(async () => {
  await prices.close();
  await fetcher.close();
});
beforeEach(() => {
  prices.hits.clear();
  prices.answerList((_, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(testCoinList));
  });
});

/** A coin list on a clock the test moves. */
function listAt(start: number, log = quiet) {
  const clock = { now: start };
  const list = new CoinList({ fetcher, baseUrl: prices.baseUrl, log, now: () => clock.now });
  return { list, clock };
}

const listFetches = () => prices.count("/api/v3/coins/list");
/** Waits for a background refresh to land: `check` is retried until it passes (or the wait runs out). */
const until = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 5_000, interval: 10 });
const failWith = (status: number) =>
  prices.answerList((_, response) => {
    response.writeHead(status);
    response.end();
  });

describe("the coin list", () => {
  it("is fetched when first needed, once for simultaneous asks, and reused", async () => {
    const { list } = listAt(0);
    expect(listFetches()).toBe(0);
    const [first, second] = await Promise.all([list.index(), list.index()]);
    expect(first).toBe(second);
    expect(first.source).toBe("coin list");
    expect(first.symbols.get("ONDO")).toMatchObject({ name: "Ondo", solana: false, curated: false });
    expect(first.symbols.get("BONK")).toMatchObject({ solana: true, curated: true });
    for (let i = 0; i < 5; i++) expect(await list.index()).toBe(first);
    expect(listFetches()).toBe(1);
  });

  it("is fetched again after a day, the old list serving until the new one is in", async () => {
    const { list, clock } = listAt(0);
    const first = await list.index();
    clock.now = 24 * HOUR - 1;
    expect(await list.index()).toBe(first);
    expect(listFetches()).toBe(1);
    clock.now = 24 * HOUR;
    // The ask that finds it stale is answered at once with the old list.
    expect(await list.index()).toBe(first);
    const fresh = await until(async () => {
      const index = await list.index();
      expect(index).not.toBe(first);
      return index;
    });
    expect(fresh.source).toBe("coin list");
    expect(listFetches()).toBe(2);
  });

  it("stands in with Gemwire's own coins while the price API fails, and asks again only after ten minutes", async () => {
    failWith(500);
    const { list, clock } = listAt(0);
    const fallback = await list.index();
    expect(fallback.source).toBe("built-in");
    expect(fallback.symbols.get("SOL")).toMatchObject({ name: "Solana", solana: true, token: true });
    expect(fallback.symbols.get("WIF")).toMatchObject({ name: "dogwifhat", solana: true, token: false });
    expect(fallback.symbols.has("ONDO")).toBe(false);
    clock.now = 9 * 60_000;
    for (let i = 0; i < 5; i++) await list.index();
    expect(listFetches()).toBe(1);
    prices.answerList((_, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(testCoinList));
    });
    clock.now = 10 * 60_000;
    expect((await list.index()).source).toBe("built-in");
    await until(async () => expect((await list.index()).source).toBe("coin list"));
    expect(listFetches()).toBe(2);
  });

  it("keeps the list it has when a daily refresh fails, and does not hammer the price API", async () => {
    const warnings: string[] = [];
    const warn = (_: unknown, message: string) => void warnings.push(message);
    const log = { ...quiet, warn } as unknown as FastifyBaseLogger;
    const { list, clock } = listAt(0, log);
    const first = await list.index();
    failWith(503);
    clock.now = 25 * HOUR;
    expect(await list.index()).toBe(first);
    // The failed refresh is over once it is logged.
    await until(async () => expect(warnings).toContain(FALLBACK_WARNING));
    for (let i = 0; i < 5; i++) expect(await list.index()).toBe(first);
    expect(listFetches()).toBe(2);
  });

  it.each([
    ["not JSON", "<html>maintenance</html>"],
    ["not an array", '{"error":"rate limited"}'],
    ["an array without coins", '[1, "x", {"symbol": 5}]'],
  ])("stands in with Gemwire's own coins when the answer is %s", async (_, body) => {
    prices.answerList((_request, response) => response.end(body));
    expect((await listAt(0).list.index()).source).toBe("built-in");
  });

  it("answers current() at once, with Gemwire's own coins until the list has come", async () => {
    let answer: () => void = () => {};
    prices.answerList((_, response) => {
      answer = () => {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(testCoinList));
      };
    });
    const { list } = listAt(0);
    const meanwhile = list.current();
    expect(meanwhile.source).toBe("built-in");
    // The same stand-in every time, not an index built afresh per call.
    expect(list.current()).toBe(meanwhile);
    await until(async () => expect(listFetches()).toBe(1));
    answer();
    await until(async () => expect(list.current().source).toBe("coin list"));
    expect(await list.index()).toBe(list.current());
    expect(listFetches()).toBe(1);
  });

  it("asks for platforms, keeping a query the operator put on the base URL", () => {
    expect(coinListUrl("https://pro-api.example/api/v3/?x_cg_pro_api_key=k1")).toBe(
      "https://pro-api.example/api/v3/coins/list?x_cg_pro_api_key=k1&include_platform=true",
    );
  });

  it("reads a coin as Solana's when it has a Solana address", () => {
    expect(
      readCoinList([
        { id: "a", symbol: "aaa", name: "A", platforms: { solana: "mint" } },
        { id: "b", symbol: "bbb", name: "B", platforms: { solana: "" } },
        { id: "c", symbol: "ccc", name: "C", platforms: null },
        { id: "d", symbol: "ddd", name: "D" },
      ]).map((entry) => entry.solana),
    ).toEqual([true, false, false, false]);
  });
});
