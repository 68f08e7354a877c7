import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRENDS_KEEP_MS } from "../../../contracts/trends-catalog.ts";
import { openDatabase } from "../../db/connection.ts";
import type { Database } from "../../db/database.ts";
import { refreshTrends, startTrendsRefresh } from "../../jobs/trends-refresh.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { type RssItem, recordingLog, rss, startTrendsSources } from "../../test/trends-sources.ts";
import { refreshDueSources } from "./refresh.ts";
import { sourceRows, upsertTrends } from "./repository.ts";
import { trendSources } from "./sources.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const REFRESH = 30 * MINUTE;
const at = (time: number) => new Date(time).toUTCString();

let sources: Awaited<ReturnType<typeof startTrendsSources>>;
const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000, maxBytes: 64 * 1024 });
beforeAll(async () => {
  sources = await startTrendsSources();
});
afterAll(async () => {
  await sources.close();
  await fetcher.close();
});

/** Every country answers one trend of its own; US answers `us`. */
function answerEveryCountry(us: RssItem[] = [{ title: "bitcoin price", traffic: "200K+", pubDate: at(T0 - HOUR) }]) {
  sources.answers.rss = {
    US: rss(us),
    GB: rss([{ title: "digital pound", traffic: "50K+", pubDate: at(T0 - 2 * HOUR) }]),
    CA: rss([{ title: "loonie bitcoin", traffic: "20K+", pubDate: at(T0 - 3 * HOUR) }]),
    AU: rss([{ title: "asx bitcoin fund", traffic: "10K+", pubDate: at(T0 - 4 * HOUR) }]),
    IN: rss([{ title: "rupee stablecoin", traffic: "5K+", pubDate: at(T0 - 5 * HOUR) }]),
  };
  sources.answers.realtime = undefined;
}

describe.each(testDatabaseTargets())("reading the trends sources on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let recorded: ReturnType<typeof recordingLog>;
  beforeEach(async () => {
    handle = await openTestDatabase(target);
    recorded = recordingLog();
    sources.requests.length = 0;
    answerEveryCountry();
  });
  afterEach(async () => handle.dispose());

  const context = (database: Database = handle.database, extra: { realtime?: boolean } = {}) => ({
    database,
    fetcher,
    sources: trendSources({
      trendsUrl: `${sources.rssUrl}?hl=en-GB`,
      realtimeTrendsUrl: extra.realtime ? sources.realtimeUrl : undefined,
    }),
    refreshMs: REFRESH,
    log: recorded.log,
  });
  const stored = () =>
    handle.database.db.selectFrom("trends").selectAll().orderBy("source").orderBy("title_key").execute();

  it("reads each country's RSS with geo on the operator's address, keeping its query", async () => {
    expect(await refreshDueSources(context(), T0)).toEqual(["US", "GB", "CA", "AU", "IN"]);
    expect([...sources.requests].sort()).toEqual(
      ["AU", "CA", "GB", "IN", "US"].map((geo) => `/rss?hl=en-GB&geo=${geo}`),
    );
    const rows = await stored();
    expect(rows.map((row) => [row.source, row.country, row.title, Number(row.traffic_number)])).toEqual([
      ["AU", "AU", "asx bitcoin fund", 10_000],
      ["CA", "CA", "loonie bitcoin", 20_000],
      ["GB", "GB", "digital pound", 50_000],
      ["IN", "IN", "rupee stablecoin", 5_000],
      ["US", "US", "bitcoin price", 200_000],
    ]);
    const statuses = await sourceRows(handle.database);
    expect(statuses.every((row) => Number(row.last_success_at) === T0 && row.last_error === null)).toBe(true);
  });

  it("reads a source again only once it is due, and a re-read updates its rows instead of adding any", async () => {
    await refreshDueSources(context(), T0);
    expect(await refreshDueSources(context(), T0 + 10 * MINUTE)).toEqual([]);
    expect(sources.requests).toHaveLength(5);
    answerEveryCountry([
      { title: "Bitcoin Price", traffic: "500K+", pubDate: at(T0 - HOUR) },
      { title: "dogecoin", traffic: "20K+", pubDate: at(T0 - 10 * MINUTE) },
    ]);
    expect(await refreshDueSources(context(), T0 + REFRESH)).toHaveLength(5);
    const us = (await stored()).filter((row) => row.source === "US");
    expect(us.map((row) => [row.title, row.traffic, Number(row.fetched_at)])).toEqual([
      ["Bitcoin Price", "500K+", T0 + REFRESH],
      ["dogecoin", "20K+", T0 + REFRESH],
    ]);
    expect(await stored()).toHaveLength(6);
  });

  it("keeps one row when a feed lists the same trend twice (the one with more traffic)", async () => {
    answerEveryCountry([
      { title: "crypto etf", traffic: "5K+", pubDate: at(T0 - HOUR) },
      { title: "Crypto ETF", traffic: "50K+", pubDate: at(T0 - 2 * HOUR) },
    ]);
    await refreshDueSources(context(), T0);
    const us = (await stored()).filter((row) => row.source === "US");
    expect(us.map((row) => [row.title, row.traffic])).toEqual([["Crypto ETF", "50K+"]]);
  });

  it("notes why a source failed, keeps what it gave before, and reads the others", async () => {
    await refreshDueSources(context(), T0);
    sources.answers.rss.GB = { status: 503, body: "down" };
    sources.answers.rss.IN = "<html><body>Sign in to continue</body></html>";
    delete sources.answers.rss.CA;
    await refreshDueSources(context(), T0 + REFRESH);
    const statuses = new Map((await sourceRows(handle.database)).map((row) => [row.source, row]));
    const host = new URL(sources.origin).host;
    expect(statuses.get("GB")?.last_error).toBe(`${host} had a server error (HTTP 503).`);
    expect(statuses.get("IN")?.last_error).toMatch(/answered, but not with a feed Gemwire can read/);
    expect(statuses.get("CA")?.last_error).toMatch(/HTTP 404/);
    expect(Number(statuses.get("GB")?.last_success_at)).toBe(T0);
    expect(Number(statuses.get("GB")?.last_attempt_at)).toBe(T0 + REFRESH);
    expect(statuses.get("US")?.last_error).toBeNull();
    expect(Number(statuses.get("US")?.last_success_at)).toBe(T0 + REFRESH);
    // What GB gave before stays for the page.
    expect((await stored()).some((row) => row.source === "GB")).toBe(true);
    expect(recorded.warnings.map((w) => w.fields.source).sort()).toEqual(["CA", "GB", "IN"]);
    // Never the address, which may carry an operator's key.
    for (const row of statuses.values()) expect(row.last_error ?? "").not.toContain("hl=en-GB");
  });

  it("notes a source that does not answer in time, or answers too much", async () => {
    const slow = createGuardedFetch({ allowPrivate: true, timeoutMs: 200, maxBytes: 1024 });
    try {
      sources.answers.rss.GB = { status: 200, body: rss([]), delayMs: 1_000 };
      sources.answers.rss.AU = rss(Array.from({ length: 100 }, (_, i) => ({ title: `t${i}`, pubDate: at(T0) })));
      await refreshDueSources({ ...context(), fetcher: slow }, T0);
    } finally {
      await slow.close();
    }
    const statuses = new Map((await sourceRows(handle.database)).map((row) => [row.source, row]));
    expect(statuses.get("GB")?.last_error).toMatch(/did not answer in time/);
    expect(statuses.get("AU")?.last_error).toMatch(/larger than/);
  });

  it("skips items it cannot read with one warning naming them, and stores the rest", async () => {
    answerEveryCountry([
      { title: "kept", traffic: "1K+", pubDate: at(T0 - HOUR) },
      { title: "undated", traffic: "1K+" },
      { traffic: "2M+", pubDate: at(T0 - HOUR) },
    ]);
    await refreshDueSources(context(), T0);
    expect((await stored()).filter((row) => row.source === "US").map((row) => row.title)).toEqual(["kept"]);
    const warning = recorded.warnings.find((w) => w.fields.source === "US");
    expect(warning?.message).toMatch(/skipped/);
    expect(warning?.fields.items).toEqual(['item 2: "undated": no date', "item 3: no title"]);
  });

  it("reads the real-time trends when configured, as trending now in the US", async () => {
    sources.answers.realtime = {
      status: 200,
      type: "application/json",
      body: `)]}'\n${JSON.stringify({ storySummaries: { trendingStories: [{ title: "Solana, Outage", entityNames: [{ entityTraffic: "100K+" }] }] } })}`,
    };
    expect(await refreshDueSources(context(handle.database, { realtime: true }), T0)).toContain("realtime");
    const realtime = (await stored()).filter((row) => row.source === "realtime");
    expect(realtime.map((row) => [row.country, row.title, Number(row.traffic_number), Number(row.pub_date)])).toEqual([
      ["US", "Solana, Outage", 100_000, T0],
    ]);
    // Read again later the same day: still one row, now dated at the later read.
    await refreshDueSources(context(handle.database, { realtime: true }), T0 + REFRESH);
    const again = (await stored()).filter((row) => row.source === "realtime");
    expect(again.map((row) => Number(row.pub_date))).toEqual([T0 + REFRESH]);
  });

  it("drops trends older than 7 days and never stores them", async () => {
    await upsertTrends(
      handle.database,
      "GB",
      [
        { ...base("old"), pubDate: T0 - TRENDS_KEEP_MS - MINUTE },
        { ...base("six days"), pubDate: T0 - 6 * 24 * HOUR },
      ],
      T0 - TRENDS_KEEP_MS,
    );
    answerEveryCountry([
      { title: "ancient", traffic: "1K+", pubDate: at(T0 - 8 * 24 * HOUR) },
      { title: "new", traffic: "1K+", pubDate: at(T0) },
    ]);
    await refreshDueSources(context(), T0);
    const titles = (await stored()).map((row) => row.title);
    expect(titles).toContain("six days");
    expect(titles).toContain("new");
    expect(titles).not.toContain("old");
    expect(titles).not.toContain("ancient");
  });

  it("reads once however many processes run the job: the lease holder reads", async () => {
    const second = openDatabase(handle.location);
    try {
      const a = { ...context(), holder: "process-a" };
      const b = { ...context(second), holder: "process-b" };
      const reads = { a: 0, b: 0 };
      const tick = async (minute: number) => {
        const [readA, readB] = await Promise.all([
          refreshTrends(a, T0 + minute * MINUTE),
          refreshTrends(b, T0 + minute * MINUTE + 500),
        ]);
        reads.a += readA.length;
        reads.b += readB.length;
      };
      // Both tick every minute for half an hour: one reads every source at 0 and at 30.
      for (let minute = 0; minute <= 30; minute++) await tick(minute);
      expect(sources.requests).toHaveLength(10);
      expect([reads.a, reads.b].sort()).toEqual([0, 10]);
      // The holder stops without giving the lease back: once it has run out, the other
      // takes over, and reads when the sources are due again.
      const other = reads.a === 0 ? a : b;
      let taken = 0;
      for (let minute = 31; minute <= 60; minute++) taken += (await refreshTrends(other, T0 + minute * MINUTE)).length;
      expect(taken).toBe(5);
      expect(sources.requests).toHaveLength(15);
    } finally {
      await second.close();
    }
  });

  it("stops at once when the server stops, ending reads under way without noting them as failures", async () => {
    sources.answers.rss.GB = { status: 200, body: rss([]), delayMs: 5_000 };
    const job = startTrendsRefresh({ ...context(), holder: "stopping" }, 60_000);
    await waitFor(() => sources.requests.length === 5);
    // The other four sources have answered and been noted (on a loaded machine that can take
    // a moment after their requests went out); only GB's read is under way.
    await expect.poll(async () => (await sourceRows(handle.database)).length, { timeout: 10_000 }).toBe(4);
    // The read under way would answer after 5 s, or time out after 2 s and be noted as a
    // failure: stopping ends it instead, and notes nothing for it.
    await job.stop();
    const statuses = new Map((await sourceRows(handle.database)).map((row) => [row.source, row]));
    expect(statuses.has("GB")).toBe(false);
    expect(statuses.get("US")?.last_error).toBeNull();
    // The lease is given back: another process reads at once.
    sources.answers.rss.GB = rss([]);
    expect(await refreshTrends({ ...context(), holder: "next" }, Date.now() + REFRESH)).toHaveLength(5);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error("timed out waiting");
}

function base(title: string) {
  return {
    title,
    traffic: "1K+",
    trafficNumber: 1_000,
    picture: null,
    pictureSource: null,
    newsItems: [],
    pubDate: T0,
    country: "GB" as const,
  };
}
