import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { INITIAL_GEMS } from "../../../contracts/gems-catalog.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { startFakePriceApi } from "../../test/fake-price-api.ts";
import { gemsTestApp } from "../../test/gems-app.ts";
import { expectGemsInvariant } from "../../test/gems-invariant.ts";
import { createPriceService } from "../market/price-service.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;
const bet = { token: "btc", direction: "up", percentage: 1.25, timeFrame: "5m", wager: 100 };

describe.each(testDatabaseTargets())("placing a prediction on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices, place } = ctx;

  const balance = async (member: Member) =>
    (await ctx.app.inject({ method: "GET", url: "/api/gems", cookies: member.cookies })).json().balance as number;
  const stored = async () => ({
    predictions: await ctx.handle.database.db.selectFrom("user_predictions").selectAll().execute(),
    ledger: await ctx.handle.database.db.selectFrom("gems_ledger").selectAll().execute(),
  });

  it("stakes the wager at a fresh entry price and stores the prediction with its entry reading", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    const observed = Date.now() - 5_000;
    prices.set("BTC", 64_000.5, observed);
    const before = Date.now();
    const response = await place(member, bet);
    expect(response.statusCode).toBe(201);
    const { prediction, balance: after } = response.json();
    expect(after).toBe(INITIAL_GEMS - 100);
    expect(await balance(member)).toBe(INITIAL_GEMS - 100);
    expect(prediction).toMatchObject({
      handle: member.handle,
      token: "BTC",
      direction: "up",
      percentage: 1.25,
      timeFrame: "5m",
      wager: 100,
      status: "active",
      completed_at: null,
      entry: { usd: 64_000.5, source: "prices.example", at: new Date(observed).toISOString() },
      exit: null,
      payout: null,
      note: null,
    });
    const created = Date.parse(prediction.created_at);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(Date.parse(prediction.endsAt) - created).toBe(5 * 60_000);
    const row = await ctx.handle.database.db
      .selectFrom("user_predictions")
      .selectAll()
      .where("id", "=", prediction.id)
      .executeTakeFirstOrThrow();
    // Kept in hundredths: exact, whatever floats make of 1.25.
    expect(row.percentage).toBe(125);
    const stake = await ctx.handle.database.db
      .selectFrom("gems_ledger")
      .selectAll()
      .where("user_id", "=", member.id)
      .where("kind", "=", "stake")
      .execute();
    expect(stake).toMatchObject([{ amount: -100, reference: `prediction:${prediction.id}` }]);
  });

  it("tells a visitor 'User not authenticated' and stores nothing", async () => {
    prices.set("BTC", 64_000, Date.now());
    const before = await stored();
    const response = await place(null, bet);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("User not authenticated");
    expect(await stored()).toEqual(before);
  });

  it("refuses a price older than 60 s, or none, and stakes nothing", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    const before = await stored();
    prices.set("ETH", 3_000, Date.now() - 61_000);
    const stale = await place(member, { ...bet, token: "ETH" });
    expect(stale.statusCode).toBe(503);
    expect(stale.json().error.message).toBe(
      "No fresh price for ETH right now; nothing was staked. Try again in a moment.",
    );
    prices.setDown(true);
    const down = await place(member, bet);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toContain("No fresh price for BTC");
    expect(await stored()).toEqual(before);
    expect(await balance(member)).toBe(INITIAL_GEMS);
  });

  it("lets one member place 120 predictions in 10 minutes, then answers 429 without staking", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    for (let i = 0; i < 120; i++) {
      expect((await place(member, { ...bet, wager: 1 })).statusCode).toBe(201);
    }
    const refused = await place(member, { ...bet, wager: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    const { balance } = (await ctx.app.inject({ method: "GET", url: "/api/gems", cookies: member.cookies })).json();
    expect(balance).toBe(INITIAL_GEMS - 120);
  });

  it("refuses a wager above the balance, naming the balance", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("BTC", 64_000, Date.now());
    expect((await place(member, { ...bet, wager: 1_000 })).statusCode).toBe(201);
    const before = await stored();
    const response = await place(member, { ...bet, wager: 251 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("wager must not exceed your balance of 250 GEMS");
    expect(await stored()).toEqual(before);
    expect((await place(member, { ...bet, wager: 250 })).json().balance).toBe(0);
  });

  it.each([
    [{ token: "NOPE" }, "token: NOPE is not one of Gemwire's tokens"],
    [{ token: "" }, "body.token"],
    [{ token: "B\u0000TC" }, "body.token"],
    [{ direction: "sideways" }, "body.direction"],
    [{ percentage: 0 }, "percentage must be more than 0"],
    [{ percentage: 100.01 }, "percentage must be at most 100"],
    [{ percentage: 1.234 }, "percentage may have at most 2 decimals"],
    [{ percentage: 1e308 }, "body.percentage"],
    [{ percentage: "1" }, "body.percentage"],
    [{ timeFrame: "0m" }, "body.timeFrame"],
    [{ timeFrame: "25h" }, "timeFrame must be between 1m and 24h"],
    [{ timeFrame: "1d" }, "body.timeFrame"],
    [{ timeFrame: "5m\n" }, "body.timeFrame"],
    [{ wager: 0 }, "wager must be at least 1"],
    [{ wager: 1.5 }, "wager must be a whole number of GEMS"],
    [{ wager: 1e300 }, "body.wager"],
    [{ wager: 9_007_199_254_740_991 }, "wager must be at most 1,000,000,000 GEMS"],
    [{ wager: 1_000_000_001 }, "wager must be at most 1,000,000,000 GEMS"],
  ])("refuses %j with a 400 naming the field, storing nothing", async (change, says) => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("BTC", 64_000, Date.now());
    const before = await stored();
    const response = await place(member, { ...bet, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(says);
    expect(await stored()).toEqual(before);
  });

  it("lets exactly one of 50 concurrent stakes of the whole balance through", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("SOL", 150, Date.now());
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => place(member, { ...bet, token: "SOL", wager: INITIAL_GEMS })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 400)).toHaveLength(49);
    expect(await balance(member)).toBe(0);
    const mine = await ctx.handle.database.db
      .selectFrom("user_predictions")
      .select("id")
      .where("user_id", "=", member.id)
      .execute();
    expect(mine).toHaveLength(1);
  });

  it("lists a member's own predictions newest first, in pages, and everyone's without mine", async () => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    const other = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("DOGE", 0.1, Date.now());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await place(member, { ...bet, token: "DOGE", wager: 1 + i })).json().prediction.id);
    await place(other, { ...bet, token: "DOGE", wager: 7 });
    const first = await ctx.app.inject({
      method: "GET",
      url: "/api/predictions?mine=1&limit=2",
      cookies: member.cookies,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.predictions.map((p: { wager: number }) => p.wager)).toEqual([3, 2]);
    expect(page1.next).toEqual(expect.any(String));
    const second = await ctx.app.inject({
      method: "GET",
      url: `/api/predictions?mine=1&limit=2&before=${encodeURIComponent(page1.next)}`,
      cookies: member.cookies,
    });
    expect(second.json()).toMatchObject({ predictions: [{ wager: 1, id: ids[0] }], next: null });
    const everyone = (await ctx.app.inject({ method: "GET", url: "/api/predictions?limit=100" })).json();
    expect(everyone.predictions[0]).toMatchObject({ handle: other.handle, wager: 7 });
    const visitorMine = await ctx.app.inject({ method: "GET", url: "/api/predictions?mine=1" });
    expect(visitorMine.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: "GET",
      url: `/api/predictions?before=${encodeURIComponent("x\u0000")}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("querystring.before");
  });
});

describe("placing against a local price API", () => {
  const [target] = testDatabaseTargets();
  it("uses the real price service's quote, and stakes nothing while the source fails", async () => {
    const fake = await startFakePriceApi({ bitcoin: { usd: 65_000 } });
    const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 500 });
    const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const app = await buildTestApp(handle.database, {
      prices: createPriceService({ baseUrl: fake.baseUrl, fetcher, source: fake.host, log }),
    });
    try {
      const member = await joinAsMember(app, handle.database);
      fake.state.mode = "error500";
      const failed = await app.inject({
        method: "POST",
        url: "/api/predictions",
        payload: bet,
        cookies: member.cookies,
      });
      expect(failed.statusCode).toBe(503);
      expect(await handle.database.db.selectFrom("user_predictions").selectAll().execute()).toEqual([]);
      // A healthy source (a fresh service, past the failed one's retry wait) gives the entry reading.
      fake.state.mode = "ok";
      const healthy = await buildTestApp(handle.database, {
        prices: createPriceService({ baseUrl: fake.baseUrl, fetcher, source: fake.host, log }),
      });
      const placed = await healthy.inject({
        method: "POST",
        url: "/api/predictions",
        payload: bet,
        cookies: member.cookies,
      });
      expect(placed.statusCode).toBe(201);
      expect(placed.json().prediction.entry).toMatchObject({ usd: 65_000, source: fake.host });
      await expectGemsInvariant(handle.database);
    } finally {
      await app.close();
      await fetcher.close();
      await fake.close();
      await handle.dispose();
    }
  });
});
