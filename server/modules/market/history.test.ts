import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { bucketMsFor, MAX_HISTORY_POINTS, RANGE_MS } from "./service.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDatabaseTargets())("/api/tokens/:symbol/history on $dialect", (target) => {
  const setup = useTestApp(target);
  const nowMinute = Math.floor(Date.now() / MINUTE) * MINUTE;
  /** What was recorded: BTC every minute for the last 2 hours, every 5 minutes before that, back 31 days. */
  const recorded: Array<{ symbol: string; taken_at: number; usd: number }> = [];

  beforeAll(async () => {
    for (let t = nowMinute - 31 * DAY; t <= nowMinute; t += MINUTE) {
      if (t < nowMinute - 2 * 60 * MINUTE && (t / MINUTE) % 5 !== 0) continue;
      recorded.push({ symbol: "BTC", taken_at: t, usd: 1_000 + ((t / MINUTE) % 97) });
    }
    recorded.push({ symbol: "ETH", taken_at: nowMinute, usd: 3 });
    for (let start = 0; start < recorded.length; start += 500) {
      await setup.database.db
        .insertInto("price_snapshots")
        .values(recorded.slice(start, start + 500))
        .execute();
    }
  });

  const history = async (url: string) => setup.app.inject({ method: "GET", url });

  it("gives the last hour minute by minute, oldest first, exactly as recorded", async () => {
    const answer = await history("/api/tokens/btc/history?range=1h");
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.symbol).toBe("BTC");
    expect(body.range).toBe("1h");
    const expected = recorded.filter((row) => row.symbol === "BTC" && row.taken_at > nowMinute - 60 * MINUTE);
    expect(body.points).toEqual(expected.map((row) => ({ t: new Date(row.taken_at).toISOString(), usd: row.usd })));
    expect(body.points).toHaveLength(60);
    expect(body.recordedSince).toBe(new Date(recorded[0]?.taken_at ?? 0).toISOString());
  });

  it.each(["24h", "7d", "30d"] as const)("averages %s into at most 300 points within the window", async (range) => {
    const body = (await history(`/api/tokens/BTC/history?range=${range}`)).json();
    const times = body.points.map((point: { t: string }) => Date.parse(point.t));
    expect(body.points.length).toBeLessThanOrEqual(MAX_HISTORY_POINTS);
    expect(body.points.length).toBeGreaterThan(250);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(nowMinute - RANGE_MS[range]);
    expect(times.at(-1)).toBeLessThanOrEqual(nowMinute);
    // Each point is the mean of its bucket's snapshots.
    const bucketMs = bucketMsFor(range);
    const last = recorded.filter(
      (row) => row.symbol === "BTC" && Math.floor(row.taken_at / bucketMs) === Math.floor(nowMinute / bucketMs),
    );
    const mean = last.reduce((sum, row) => sum + row.usd, 0) / last.length;
    expect(body.points.at(-1).usd).toBeCloseTo(mean, 6);
  });

  it("defaults to 24h, and knows a token with one snapshot", async () => {
    const eth = (await history("/api/tokens/ETH/history")).json();
    expect(eth).toEqual({
      symbol: "ETH",
      range: "24h",
      points: [{ t: new Date(nowMinute).toISOString(), usd: 3 }],
      recordedSince: new Date(nowMinute).toISOString(),
    });
    const sol = (await history("/api/tokens/sol/history?range=7d")).json();
    expect(sol).toEqual({ symbol: "SOL", range: "7d", points: [], recordedSince: null });
  });

  it("answers 404 'Token not found' for a token that is not built in, and 400 for bad input", async () => {
    for (const symbol of ["PEPE", "bitcoin", "B%20TC"]) {
      const answer = await history(`/api/tokens/${symbol}/history`);
      expect(answer.statusCode, symbol).toBe(404);
      expect(answer.json().error).toEqual({ code: "not_found", message: "Token not found" });
    }
    const badRange = await history("/api/tokens/BTC/history?range=2h");
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.message).toMatch(/range/);
    const nul = await history("/api/tokens/BTC%00/history");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/control characters/);
  });
});
