import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trends } from "../../../contracts/trends.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { recordingLog } from "../../test/trends-sources.ts";
import { refreshDueSources } from "./refresh.ts";
import { trendSources } from "./sources.ts";

describe("the sample trends (npm run demo)", () => {
  let origin: string;
  const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 5_000 });
  const recorded = recordingLog();

  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, { env: { SAMPLE_MODE: "1" } });
  beforeAll(async () => {
    await setup.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`;
    // What the job does in sample mode: read this server's own sample sources.
    const read = await refreshDueSources(
      {
        database: setup.database,
        fetcher,
        sources: trendSources({
          trendsUrl: `${origin}/samples/trends/rss`,
          realtimeTrendsUrl: `${origin}/samples/trends/realtime`,
        }),
        refreshMs: 1_800_000,
        ownOrigin: origin,
        log: recorded.log,
      },
      Date.now(),
    );
    expect(read).toEqual(["US", "GB", "CA", "AU", "IN", "realtime"]);
  });
  // Registered after the app: closed before it.
  afterAll(async () => fetcher.close());

  const get = async (query: string) =>
    (await setup.app.inject({ method: "GET", url: `/api/trends${query}` })).json() as Trends;

  it("fill more than a page of the default period, from every country and the real-time trends", async () => {
    expect(recorded.warnings).toEqual([]);
    const answer = await get("");
    expect(answer.sample).toBe(true);
    expect(answer.pages).toBeGreaterThanOrEqual(2);
    expect(answer.sources.every((source) => source.lastError === null && source.lastSuccessAt !== null)).toBe(true);
    const all = [...answer.trends, ...(await get("?page=2")).trends];
    expect(new Set(all.map((trend) => trend.country))).toEqual(new Set(["US", "GB", "CA", "AU", "IN"]));
    expect(all.some((trend) => trend.title === "Bitcoin, ETF, BlackRock")).toBe(true);
    expect(answer.trends[0]).toMatchObject({ title: "bitcoin price", traffic: "2M+", country: "US" });
  });

  it("give each period something, more for longer ones", async () => {
    const totals = await Promise.all(["4h", "24h", "48h", "7d"].map(async (p) => (await get(`?period=${p}`)).total));
    expect(totals[0]).toBeGreaterThan(0);
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThan(totals[i - 1] as number);
  });

  it("show pictures served by this server, as paths the page loads from itself", async () => {
    const pictures = (await get("?period=7d")).trends.flatMap((trend) => (trend.picture ? [trend.picture] : []));
    expect(pictures.length).toBeGreaterThan(5);
    for (const picture of new Set(pictures)) {
      expect(picture).toMatch(/^\/samples\/images\/[A-Z]+\.svg$/);
      const response = await setup.app.inject({ method: "GET", url: picture });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
    }
  });
});
