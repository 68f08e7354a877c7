/*
 * T13 double spend and double payout: resolutions. Many resolver runs at once over the
 * same due predictions, direct passes and lease-holding job runs, on two connections to
 * one database; and one resolution replayed in the same tick, by another holder and as
 * the same pass again. Each prediction is paid, voided or refunded once.
 */
import { describe, expect, it } from "vitest";
import type { PredictionDirection } from "../../contracts/gems-catalog.ts";
import { INITIAL_GEMS, outcomeOf, payoutFor, VOID_AFTER_MS } from "../../contracts/gems-catalog.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS, runPredictionResolver } from "../../server/jobs/prediction-resolver.ts";
import { type Resolution, resolveDuePredictions } from "../../server/modules/gems/resolution.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { quietLog } from "../../server/test/quiet-log.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { bet, doubleSpendApp, type Member } from "./double-spend-harness.ts";

describe.each(testDatabaseTargets())("T13 double spend and double payout on $dialect", (target) => {
  const harness = doubleSpendApp(target);
  const { ctx, prices, databases, db, balanceOf, stake } = harness;

  it("(b) racing resolver runs on two connections settle each due prediction exactly once", async ({ task }) => {
    const members = [
      await joinAsMember(ctx.app, ctx.handle.database),
      await joinAsMember(ctx.app, ctx.handle.database),
      await joinAsMember(ctx.app, ctx.handle.database),
    ];
    const now0 = Date.now();
    for (const token of ["BTC", "ETH", "DOGE"]) prices.set(token, 100, now0);
    const placed: Array<{
      id: string;
      userId: string;
      token: string;
      direction: PredictionDirection;
      pct: number;
      wager: number;
    }> = [];
    const count = scale(12, 60);
    for (let i = 0; i < count; i++) {
      const member = members[i % 3] as Member;
      const p = {
        token: ["BTC", "ETH", "DOGE"][Math.floor(i / 3) % 3] as string,
        direction: (i % 2 ? "down" : "up") as PredictionDirection,
        pct: 1 + (i % 7),
        wager: 10 + i,
      };
      const response = await stake(i, member, {
        token: p.token,
        direction: p.direction,
        percentage: p.pct,
        timeFrame: "1m",
        wager: p.wager,
      });
      expect(response.statusCode, response.body).toBe(201);
      placed.push({ id: response.json().prediction.id, userId: member.id, ...p });
    }
    // All ended long ago: BTC rose 10 %, ETH fell 5 %, DOGE has had no price since (void).
    await db()
      .updateTable("user_predictions")
      .set({ ends_at: 1_000 })
      .where(
        "id",
        "in",
        placed.map((p) => p.id),
      )
      .execute();
    prices.set("BTC", 110, 2_000);
    prices.set("ETH", 95, 2_000);
    prices.clear("DOGE");
    const now = 1_000 + VOID_AFTER_MS;
    const runs = scale(8, 24);
    // Direct passes (as when a lease lapses mid-pass) and lease-holding job runs, on both connections.
    const results = await Promise.all(
      Array.from({ length: runs }, (_, i) => {
        const database = databases()[i % 2] as Database;
        return i % 4 < 2
          ? resolveDuePredictions(database, prices.service, { now })
          : runPredictionResolver({
              database,
              prices: prices.service,
              holder: `run-${i}`,
              log: quietLog,
              now: () => now,
            });
      }),
    );
    const settled = results.flat() as Resolution[];
    expect(settled.map((r) => r.id).sort()).toEqual(placed.map((p) => p.id).sort());
    for (const p of placed) {
      const expected =
        p.token === "DOGE"
          ? "void"
          : outcomeOf({ direction: p.direction, percentage: p.pct }, 100, p.token === "BTC" ? 110 : 95);
      const row = await db()
        .selectFrom("user_predictions")
        .select(["status", "payout"])
        .where("id", "=", p.id)
        .executeTakeFirstOrThrow();
      expect(row.status, p.id).toBe(expected);
      expect(row.payout).toBe(expected === "won" ? payoutFor(p.wager, p.pct) : expected === "void" ? p.wager : null);
    }
    for (const member of members) {
      const mine = placed.filter((p) => p.userId === member.id);
      const notified = await db()
        .selectFrom("notifications")
        .select("cause")
        .where("user_id", "=", member.id)
        .execute();
      expect(notified.map((n) => n.cause).sort()).toEqual(mine.map((p) => `prediction:${p.id}`).sort());
    }
    tried(task, "double-spend", runs);
  });

  it("(c) a resolution replayed (same tick, another holder, the same pass again) pays once", async ({ task }) => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("XRP", 2, Date.now());
    const placedResponse = await stake(0, member, { ...bet, token: "XRP", wager: 80 });
    expect(placedResponse.statusCode).toBe(201);
    const id = placedResponse.json().prediction.id as string;
    const endsAt = 5 * VOID_AFTER_MS;
    await db().updateTable("user_predictions").set({ ends_at: endsAt }).where("id", "=", id).execute();
    prices.set("XRP", 2.1, endsAt + 1_000);
    const now = endsAt + 2_000;
    const job = (database: Database, holder: string, at: number) =>
      runPredictionResolver({ database, prices: prices.service, holder, log: quietLog, now: () => at });
    expect((await job(ctx.handle.database, "first", now)).map((r) => r.id)).toEqual([id]);
    const ledger = () =>
      db()
        .selectFrom("gems_ledger")
        .select(["kind", "amount"])
        .where("user_id", "=", member.id)
        .orderBy("kind")
        .execute();
    const after = await ledger();
    expect(after).toEqual([
      { kind: "grant", amount: INITIAL_GEMS },
      { kind: "payout", amount: payoutFor(80, 1) },
      { kind: "stake", amount: -80 },
    ]);
    const replays = [
      // The same holder, the same tick: the tick was run (job_runs).
      () => job(ctx.handle.database, "first", now),
      // Another holder once the first one's lease has lapsed, in the next ticks.
      () => job(harness.other.database, "second", now + 31_000),
      () => job(harness.other.database, "second", now + 31_000 + RESOLVE_EVERY_MS),
      // The pass itself, again and again at the same moment with the same prices.
      ...Array.from(
        { length: scale(6, 20) },
        (_, i) => () => resolveDuePredictions(databases()[i % 2] as Database, prices.service, { now }),
      ),
    ];
    const again = await Promise.all(replays.map((replay) => replay()));
    expect(again.flat().filter((r) => r.id === id)).toEqual([]);
    expect(await ledger()).toEqual(after);
    expect(await balanceOf(member.id)).toBe(INITIAL_GEMS - 80 + payoutFor(80, 1));
    const notified = await db().selectFrom("notifications").select("title").where("user_id", "=", member.id).execute();
    expect(notified).toEqual([{ title: "Prediction Won" }]);
    tried(task, "double-spend", replays.length);
  });
});
