import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { INITIAL_GEMS } from "../../../contracts/gems-catalog.ts";
import { openDatabase } from "../../db/connection.ts";
import { RESOLVE_EVERY_MS, runPredictionResolver } from "../../jobs/prediction-resolver.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { afterQuery, updateOf } from "../../test/after-query.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { gemsTestApp } from "../../test/gems-app.ts";
import { resolutionFixture } from "../../test/resolution-fixture.ts";
import { resolveDuePredictions } from "./resolution.ts";

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

/*
 * Each resolution happens once: a failure midway leaves nothing, racing resolvers and lease
 * holders pay once, and predictions waiting for a price never hold up the rest.
 */
describe.each(testDatabaseTargets())("resolving predictions exactly once on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;
  const { placed, row, balance, ledgerOf, notificationsOf } = resolutionFixture(ctx);

  it("leaves nothing behind when a resolution fails midway, and a re-run pays once", async () => {
    const p = await placed(100);
    prices.set("BTC", 110, p.endsAt);
    // The power goes once the status is written, inside the transaction, before any GEMS move.
    const cut = afterQuery(ctx.handle.database, updateOf("user_predictions"), () => {
      throw new Error("power cut");
    });
    await expect(resolveDuePredictions(cut, prices.service, { now: p.endsAt })).rejects.toThrow(
      /could not be resolved/,
    );
    expect(await row(p.id)).toMatchObject({ status: "active", completed_at: null, payout: null });
    expect((await ledgerOf(p.member.id)).map((r) => r.kind)).toEqual(["grant", "stake"]);
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS - 100);
    expect(await notificationsOf(p.member.id)).toEqual([]);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 10_000 });
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 20_000 });
    expect((await ledgerOf(p.member.id)).map((r) => r.kind)).toEqual(["grant", "stake", "payout"]);
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS + 100);
    expect((await notificationsOf(p.member.id)).map((n) => [n.seq, n.title])).toEqual([[1, "Prediction Won"]]);
  });

  it("pays once when a second resolver acts on a list read before the first one's payout", async () => {
    const second = openDatabase(ctx.handle.location);
    try {
      const p = await placed(100, { token: "ETH", wager: 10 });
      const q = await placed(100, { token: "ETH", wager: 20 });
      // placed() moved p out of the way; both are due now.
      await ctx.handle.database.db
        .updateTable("user_predictions")
        .set({ ends_at: q.endsAt })
        .where("id", "=", p.id)
        .execute();
      prices.set("ETH", 120, q.endsAt);
      const now = q.endsAt + 1_000;
      let firstDone: () => void = () => {};
      const done = new Promise<void>((resolve) => (firstDone = resolve));
      let listRead: () => void = () => {};
      const read = new Promise<void>((resolve) => (listRead = resolve));
      // The second resolver has read the due list; it asks for prices only once the first has paid.
      const late = {
        async prices(symbols: readonly string[]) {
          listRead();
          await done;
          return prices.service.prices(symbols);
        },
      };
      const slow = resolveDuePredictions(second, late, { now });
      await read;
      const fast = await resolveDuePredictions(ctx.handle.database, prices.service, { now });
      firstDone();
      expect(fast.map((r) => r.id).sort()).toEqual([p.id, q.id].sort());
      expect(await slow).toEqual([]);
      for (const { member, id } of [p, q]) {
        const payouts = (await ledgerOf(member.id)).filter((row) => row.kind === "payout");
        expect(payouts.map((row) => row.reference)).toEqual([`prediction:${id}`]);
      }
    } finally {
      await second.close();
    }
  });

  it("lets one lease holder resolve while another holds the lease", async () => {
    const second = openDatabase(ctx.handle.location);
    const run = (database: typeof second, holder: string, now: number) =>
      runPredictionResolver({ database, prices: prices.service, holder, log: quiet, now: () => now });
    try {
      const r = await placed(100, { token: "SOL", wager: 30 });
      prices.set("SOL", 120, r.endsAt);
      expect((await run(ctx.handle.database, "one", r.endsAt)).map((x) => x.id)).toEqual([r.id]);
      const s = await placed(100, { token: "SOL", wager: 40 });
      prices.set("SOL", 120, s.endsAt);
      expect(await run(second, "two", s.endsAt)).toEqual([]);
      expect((await row(s.id)).status).toBe("active");
      // The holder's next tick (a tick already run is not run again, see job-runs.test.ts).
      const nextTick = s.endsAt + RESOLVE_EVERY_MS;
      expect((await run(ctx.handle.database, "one", nextTick)).map((x) => x.id)).toEqual([s.id]);
    } finally {
      await ctx.handle.database.db.deleteFrom("job_leases").execute();
      await second.close();
    }
  });

  it("settles a prediction with a price even behind hundreds that wait for theirs", async () => {
    const btc = await placed(100, { token: "BTC", wager: 5 });
    const members = [
      await joinAsMember(ctx.app, ctx.handle.database),
      await joinAsMember(ctx.app, ctx.handle.database),
    ];
    prices.set("XRP", 2, Date.now());
    for (let i = 0; i < 205; i++) {
      // Two members: one may place 120 in 10 minutes.
      const response = await ctx.place(members[i % 2] as (typeof members)[number], {
        token: "XRP",
        direction: "up",
        percentage: 1,
        timeFrame: "1m",
        wager: 1,
      });
      expect(response.statusCode).toBe(201);
    }
    // Every XRP prediction ended first, and XRP has no price now; BTC ended later and has one.
    await ctx.handle.database.db
      .updateTable("user_predictions")
      .set({ ends_at: 1_000 })
      .where("token", "=", "XRP")
      .where("status", "=", "active")
      .execute();
    await ctx.handle.database.db
      .updateTable("user_predictions")
      .set({ ends_at: 2_000 })
      .where("id", "=", btc.id)
      .execute();
    prices.clear("XRP");
    prices.set("BTC", 150, 3_000);
    const resolved = await resolveDuePredictions(ctx.handle.database, prices.service, { now: 5_000 });
    expect(resolved.map((r) => r.id)).toEqual([btc.id]);
    expect((await row(btc.id)).status).toBe("won");
    // Their price comes back: the waiting ones are settled too, 200 a pass.
    prices.set("XRP", 2, 3_000);
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: 5_000 })).toHaveLength(200);
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: 5_000 })).toHaveLength(5);
    // Later tests set their own prices; an old BTC observation would settle their leftovers.
    prices.clear("BTC");
    prices.clear("XRP");
  });

  // Two connections of one process cannot interleave SQLite transactions (the driver
  // waits synchronously for the lock the other holds); two PostgreSQL connections can.
  // Registered on PostgreSQL only (rather than shown as skipped on SQLite).
  if (target.dialect === "postgres") {
    it("pays once when two resolvers on two connections race", async () => {
      const second = openDatabase(ctx.handle.location);
      try {
        const due = [];
        for (let i = 0; i < 5; i++) due.push(await placed(100, { token: "XRP", wager: 10 + i }));
        await ctx.handle.database.db
          .updateTable("user_predictions")
          .set({ ends_at: 1_000 })
          .where("status", "=", "active")
          .execute();
        prices.set("XRP", 150, 2_000);
        const passes = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            resolveDuePredictions(i % 2 ? second : ctx.handle.database, prices.service, { now: 3_000 }),
          ),
        );
        expect(
          passes
            .flat()
            .map((r) => r.id)
            .sort(),
        ).toEqual(due.map((d) => d.id).sort());
        for (const { member } of due) {
          expect((await ledgerOf(member.id)).filter((row) => row.kind === "payout")).toHaveLength(1);
          expect((await notificationsOf(member.id)).map((n) => n.seq)).toEqual([1]);
        }
        const [x, y] = await Promise.all(
          ["one", "two"].map((holder, i) =>
            runPredictionResolver({
              database: i ? second : ctx.handle.database,
              prices: prices.service,
              holder,
              log: quiet,
              now: () => 5_000,
            }),
          ),
        );
        expect([x, y]).toEqual([[], []]);
      } finally {
        await ctx.handle.database.db.deleteFrom("job_leases").execute();
        await second.close();
      }
    });
  }
});
