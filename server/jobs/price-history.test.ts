import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Prices } from "../../contracts/market.ts";
import { builtInTokens } from "../../contracts/market-catalog.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { insertSnapshots } from "../modules/market/repository.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../test/databases.ts";
import { PRICE_HISTORY_KEEP_MS, type PriceHistoryContext, recordPriceSnapshots } from "./price-history.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 7);
const log = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** A price service answering every built-in token but DOGE, which has no price now. */
const prices: PriceHistoryContext["prices"] = {
  async prices(symbols) {
    const answer: Prices["prices"] = {};
    for (const symbol of symbols) {
      answer[symbol] =
        symbol === "DOGE"
          ? null
          : { usd: symbol.length * 10, change24h: 0, marketCap: null, volume24h: null, asOf: "", source: "test" };
    }
    return { prices: answer, unavailable: null };
  },
};

describe.each(testDatabaseTargets())("price history recording on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let second: Database;
  beforeEach(async () => {
    handle = await openTestDatabase(target);
    // Another process: its own connection to the same database.
    second = openDatabase(handle.location);
  });
  afterEach(async () => {
    await second.close();
    await handle.dispose();
  });

  const rows = async () =>
    handle.database.db.selectFrom("price_snapshots").selectAll().orderBy("taken_at").orderBy("symbol").execute();

  it("records each priced token once per minute however many processes run the job", async () => {
    const a = { database: handle.database, prices, holder: "process-a", log };
    const b = { database: second, prices, holder: "process-b", log };
    for (let minute = 0; minute < 3; minute++) {
      const at = T0 + minute * MINUTE;
      await Promise.all([recordPriceSnapshots(a, at), recordPriceSnapshots(b, at + 1_000)]);
    }
    // Process a stops; once its lease has run out, b takes over.
    const later = T0 + 5 * MINUTE;
    expect(await recordPriceSnapshots(b, later)).toBe(builtInTokens.length - 1);
    expect(await recordPriceSnapshots(a, later + 2_000)).toBe(0);

    const recorded = await rows();
    const minutes = [0, 1, 2, 5].map((m) => Math.floor(T0 / MINUTE) * MINUTE + m * MINUTE);
    expect(recorded).toHaveLength(minutes.length * (builtInTokens.length - 1));
    expect(new Set(recorded.map((row) => Number(row.taken_at)))).toEqual(new Set(minutes));
    expect(recorded.some((row) => row.symbol === "DOGE")).toBe(false);
    expect(recorded.find((row) => row.symbol === "BTC")?.usd).toBe(30);
  });

  it("never writes a minute twice, even without the lease", async () => {
    const minute = Math.floor(T0 / MINUTE) * MINUTE;
    expect(await insertSnapshots(handle.database, minute, [{ symbol: "BTC", usd: 1 }])).toBe(1);
    expect(await insertSnapshots(second, minute, [{ symbol: "BTC", usd: 2 }])).toBe(0);
    expect((await rows()).map((row) => row.usd)).toEqual([1]);
  });

  it("drops snapshots older than 30 days and keeps the rest", async () => {
    await insertSnapshots(handle.database, T0 - PRICE_HISTORY_KEEP_MS - MINUTE, [{ symbol: "BTC", usd: 1 }]);
    await insertSnapshots(handle.database, T0 - 29 * DAY, [{ symbol: "BTC", usd: 2 }]);
    await recordPriceSnapshots({ database: handle.database, prices, holder: "a", log }, T0);
    const btc = (await rows()).filter((row) => row.symbol === "BTC").map((row) => row.usd);
    expect(btc).toEqual([2, 30]);
  });
});
