import { describe, expect, it } from "vitest";
import type { Trends } from "../../../contracts/trends.ts";
import { type TrendCountry, trendPeriodMs } from "../../../contracts/trends-catalog.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { recordSourceRead, upsertTrends } from "./repository.ts";
import { createTrendsService, LIST_MAX_AGE_MS, type TrendsService } from "./service.ts";
import { trendSources } from "./sources.ts";
import type { ReadTrend } from "./trend-fields.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const REFRESH = 30 * 60_000;

const trend = (title: string, traffic: number, ageMs: number, country: TrendCountry = "US"): ReadTrend => ({
  title,
  traffic: `${traffic}+`,
  trafficNumber: traffic,
  picture: null,
  pictureSource: null,
  newsItems: [{ title: `${title} news`, url: `https://news.example/${encodeURIComponent(title)}`, source: "News" }],
  pubDate: T0 - ageMs,
  country,
});

describe.each(testDatabaseTargets())("GET /api/trends on $dialect", (target) => {
  let service: TrendsService;
  const clock = { now: T0 };
  const setup = useTestApp(
    target,
    (database) => {
      clock.now = T0;
      service = createTrendsService({
        database,
        sources: trendSources({ trendsUrl: "https://trends.example/rss", realtimeTrendsUrl: undefined }),
        refreshMs: REFRESH,
        sample: false,
        now: () => clock.now,
      });
      return { trends: service };
    },
    { perTest: true },
  );

  const get = async (query = "") => {
    const response = await setup.app.inject({ method: "GET", url: `/api/trends${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Trends;
  };
  /** Stores a read of `source` made now, as the job would. */
  const read = async (source: TrendCountry, trends: ReadTrend[], error: string | null = null) => {
    if (error === null) await upsertTrends(setup.database, source, trends, clock.now);
    await recordSourceRead(setup.database, source, { at: clock.now, error });
  };

  it("lists the trends of each period, from snapshots of different ages", async () => {
    await read("US", [
      trend("one hour", 10, HOUR),
      trend("three hours", 10, 3 * HOUR),
      trend("five hours", 10, 5 * HOUR),
      trend("twenty hours", 10, 20 * HOUR),
      trend("thirty hours", 10, 30 * HOUR),
      trend("forty seven hours", 10, 47 * HOUR),
      trend("three days", 10, 72 * HOUR),
      trend("six days", 10, 6 * 24 * HOUR),
    ]);
    const titles = async (period: string) => (await get(`?period=${period}&sort=time`)).trends.map((t) => t.title);
    expect(await titles("4h")).toEqual(["one hour", "three hours"]);
    expect(await titles("24h")).toEqual(["one hour", "three hours", "five hours", "twenty hours"]);
    expect(await titles("48h")).toHaveLength(6);
    expect(await titles("7d")).toHaveLength(8);
    // The default period is the last 24 hours.
    expect((await get()).total).toBe(4);
  });

  it("lets a trend leave a period as time passes", async () => {
    await read("US", [trend("edge", 10, trendPeriodMs["4h"] - 60_000)]);
    expect((await get("?period=4h")).total).toBe(1);
    clock.now = T0 + LIST_MAX_AGE_MS + 1;
    expect((await get("?period=4h")).total).toBe(0);
  });

  it("de-duplicates by containment across countries, keeping the most traffic and its country", async () => {
    await read("US", [trend("bitcoin price", 200_000, HOUR, "US"), trend("bitcoin", 20_000, HOUR, "US")]);
    await read("GB", [trend("Bitcoin Price", 2_000_000, 2 * HOUR, "GB"), trend("digital pound", 5_000, HOUR, "GB")]);
    await read("IN", [trend("bitcoin price today", 50_000, HOUR, "IN")]);
    const answer = await get();
    expect(answer.trends.map((t) => [t.title, t.country, t.trafficNumber])).toEqual([
      ["Bitcoin Price", "GB", 2_000_000],
      ["digital pound", "GB", 5_000],
    ]);
    expect(answer.total).toBe(2);
  });

  it("sorts by traffic (ties: newer first) or by time (newest first)", async () => {
    await read("US", [
      trend("older big", 100, 5 * HOUR),
      trend("newer big", 100, 2 * HOUR),
      trend("small newest", 1, 0),
      trend("middle", 50, 3 * HOUR),
    ]);
    const order = async (sort: string) => (await get(`?sort=${sort}`)).trends.map((t) => t.title);
    expect(await order("traffic")).toEqual(["newer big", "older big", "middle", "small newest"]);
    expect(await order("time")).toEqual(["small newest", "newer big", "middle", "older big"]);
    expect((await get()).trends[0]?.title).toBe("newer big");
  });

  it("pages by 20; a page past the last has no trends but says how many pages there are", async () => {
    await read(
      "US",
      Array.from({ length: 45 }, (_, i) => trend(`topic ${String(i).padStart(2, "0")}`, 1_000 - i, HOUR)),
    );
    const first = await get("?page=1");
    expect(first).toMatchObject({ page: 1, pages: 3, total: 45 });
    expect(first.trends).toHaveLength(20);
    expect(first.trends[0]?.title).toBe("topic 00");
    const last = await get("?page=3");
    expect(last.trends.map((t) => t.title)).toEqual(["topic 40", "topic 41", "topic 42", "topic 43", "topic 44"]);
    expect(await get("?page=4")).toMatchObject({ trends: [], page: 4, pages: 3, total: 45 });
  });

  it("answers one page and no trends before anything was read", async () => {
    expect(await get()).toEqual({
      trends: [],
      page: 1,
      pages: 1,
      total: 0,
      updatedAt: null,
      nextUpdateAt: null,
      sources: ["US", "GB", "CA", "AU", "IN"].map((source) => ({ source, lastSuccessAt: null, lastError: null })),
      sample: false,
    });
  });

  it("says which sources failed, why, when each last worked and when the next read is", async () => {
    await read("US", [trend("bitcoin price", 10, HOUR)]);
    await read("GB", [trend("digital pound", 10, HOUR)]);
    clock.now = T0 + REFRESH;
    await read("US", [trend("bitcoin price", 20, HOUR)]);
    await read("GB", [], "trends.example had a server error (HTTP 503).");
    await read("CA", [], "trends.example did not answer in time.");
    const answer = await get();
    expect(answer.sources).toEqual([
      { source: "US", lastSuccessAt: new Date(T0 + REFRESH).toISOString(), lastError: null },
      {
        source: "GB",
        lastSuccessAt: new Date(T0).toISOString(),
        lastError: "trends.example had a server error (HTTP 503).",
      },
      { source: "CA", lastSuccessAt: null, lastError: "trends.example did not answer in time." },
      { source: "AU", lastSuccessAt: null, lastError: null },
      { source: "IN", lastSuccessAt: null, lastError: null },
    ]);
    expect(answer.updatedAt).toBe(new Date(T0 + REFRESH).toISOString());
    expect(answer.nextUpdateAt).toBe(new Date(T0 + 2 * REFRESH).toISOString());
    // What GB gave before its failure is still listed.
    expect(answer.trends.map((t) => t.title)).toEqual(["bitcoin price", "digital pound"]);
  });

  it("builds a period's list once and shares it until a source is read again or it is a minute old", async () => {
    await read("US", [trend("bitcoin price", 10, HOUR)]);
    await get();
    await get("?sort=time");
    await get("?page=2");
    await Promise.all(Array.from({ length: 10 }, () => get()));
    expect(service.stats.builds).toBe(1);
    await get("?period=7d");
    expect(service.stats.builds).toBe(2);
    // Another process's job reads a source: the next request sees it.
    clock.now += 1_000;
    await read("GB", [trend("digital pound", 5, HOUR)]);
    expect((await get()).total).toBe(2);
    expect(service.stats.builds).toBe(3);
    await get();
    expect(service.stats.builds).toBe(3);
    clock.now += LIST_MAX_AGE_MS;
    await get();
    expect(service.stats.builds).toBe(4);
  });

  it("has concurrent requests for a stale list wait for one rebuild", async () => {
    await read("US", [trend("bitcoin price", 10, HOUR)]);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => get(i % 2 ? "?sort=time" : "")));
    expect(answers.every((answer) => answer.total === 1)).toBe(true);
    expect(service.stats.builds).toBe(1);
  });

  it("reads at most the newest rows of a period", async () => {
    const small = createTrendsService({
      database: setup.database,
      sources: trendSources({ trendsUrl: "https://trends.example/rss", realtimeTrendsUrl: undefined }),
      refreshMs: REFRESH,
      sample: false,
      now: () => clock.now,
      maxRows: 3,
    });
    await read(
      "US",
      Array.from({ length: 6 }, (_, i) => trend(`topic ${i}`, 100 - i, i * HOUR)),
    );
    const answer = await small.trends({ period: "24h", sort: "time", page: 1 });
    expect(answer.trends.map((t) => t.title)).toEqual(["topic 0", "topic 1", "topic 2"]);
  });

  it.each([
    ["?period=1h", "period must be 4h, 24h, 48h or 7d"],
    ["?period=", "period must be 4h, 24h, 48h or 7d"],
    ["?period=24h%00", "period must be 4h, 24h, 48h or 7d"],
    [`?period=${"7d".repeat(5_000)}`, "period must be 4h, 24h, 48h or 7d"],
    ["?period=4h&period=7d", "period must be 4h, 24h, 48h or 7d"],
    ["?sort=popular", "sort must be traffic or time"],
    ["?sort=TIME", "sort must be traffic or time"],
    ["?page=0", "page must be a whole number from 1"],
    ["?page=-1", "page must be a whole number from 1"],
    ["?page=1.5", "page must be a whole number from 1"],
    ["?page=abc", "page must be a whole number from 1"],
    ["?page=10001", "page must be a whole number from 1"],
    ["?page=99999999999999999999999", "page must be a whole number from 1"],
  ])("refuses %s with 400 and the contract's words", async (query, message) => {
    const response = await setup.app.inject({ method: "GET", url: `/api/trends${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.json().error.message).toContain(message);
  });

  it("is described in the OpenAPI document", async () => {
    const document = (await setup.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operation = document.paths["/api/trends"].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["page", "period", "sort"]);
    expect(operation.responses["200"]).toBeDefined();
  });
});

describe("GET /api/trends in sample mode", () => {
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, { env: { SAMPLE_MODE: "1" } });

  it("says the trends are sample data", async () => {
    const answer = (await setup.app.inject({ method: "GET", url: "/api/trends" })).json() as Trends;
    expect(answer.sample).toBe(true);
    expect(answer.sources.map((s) => s.source)).toEqual(["US", "GB", "CA", "AU", "IN", "realtime"]);
  });
});
