/*
 * T13 double spend and double payout: a property test interleaving stakes, price moves,
 * outages, time and resolutions at random, through two app instances on one database,
 * checked after every step against a model of the balances and every prediction's status.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { PredictionDirection } from "../../contracts/gems-catalog.ts";
import {
  ENTRY_PRICE_MAX_AGE_MS,
  INITIAL_GEMS,
  outcomeOf,
  payoutFor,
  timeFrameMs,
  VOID_AFTER_MS,
} from "../../contracts/gems-catalog.ts";
import type { Database } from "../../server/db/database.ts";
import { type Resolution, resolveDuePredictions } from "../../server/modules/gems/resolution.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { expectBankHolds } from "../acknowledged.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { doubleSpendApp, type Member, REFUSED } from "./double-spend-harness.ts";

describe.each(testDatabaseTargets())("T13 double spend and double payout on $dialect", (target) => {
  const { ctx, prices, databases, db, balanceOf, stake } = doubleSpendApp(target);

  it("(d) property: random interleavings of stakes, price moves, outages, time and resolutions keep the bank", async ({
    task,
  }) => {
    const tokens = ["BTC", "ETH", "SOL"] as const;
    type Token = (typeof tokens)[number];
    const stakeArb = fc.record({
      member: fc.nat(2),
      token: fc.constantFrom(...tokens),
      direction: fc.constantFrom<PredictionDirection>("up", "down"),
      percentage: fc.integer({ min: 1, max: 1_500 }).map((hundredths) => hundredths / 100),
      timeFrame: fc.constantFrom("1m", "5m", "1h"),
      wager: fc.integer({ min: 1, max: 700 }),
    });
    // Time moves on and, while a token's price source is up, its price moves with it.
    const stepArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("burst" as const),
          stakes: fc.array(stakeArb, { maxLength: 6 }),
          passes: fc.nat(3),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant("wait" as const),
          ms: fc.constantFrom(5_000, 30_000, 61_000, 300_000, 3_600_000, 6 * 3_600_000, VOID_AFTER_MS + 60_000),
          percent: fc.integer({ min: 80, max: 125 }),
          // The resolver ticking meanwhile (0: the next pass comes later).
          passes: fc.nat(2),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("outage" as const), token: fc.constantFrom(...tokens) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("restore" as const), token: fc.constantFrom(...tokens) }) },
    );
    type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;
    type Modelled = {
      userId: string;
      token: Token;
      direction: PredictionDirection;
      pct: number;
      wager: number;
      endsAt: number;
      entryUsd: number;
      status: "active" | "won" | "lost" | "void";
    };

    async function run(steps: Step[]) {
      // Whatever earlier tests left active stays out of the way of this run's passes (200 a pass).
      await db().updateTable("user_predictions").set({ ends_at: 4e12 }).where("status", "=", "active").execute();
      const members: Member[] = [];
      for (let m = 0; m < 3; m++) members.push(await joinAsMember(ctx.app, ctx.handle.database));
      const quotes = new Map<Token, { usd: number; asOf: number }>();
      /** Each token's price level, kept through an outage (its source comes back at it). */
      const level = new Map<Token, number>();
      const quote = (token: Token, usd: number) => {
        level.set(token, usd);
        quotes.set(token, { usd, asOf: Date.now() });
        prices.set(token, usd, Date.now());
      };
      for (const token of tokens) quote(token, 100);
      const down = new Set<Token>();
      const model = new Map<string, Modelled>();
      const balances = new Map(members.map((member) => [member.id, INITIAL_GEMS]));
      let sent = 0;

      /** What one resolver pass at `now` settles, by the rules: a price from after the end within 24 h, else void after 24 h. */
      function settleable(now: number) {
        const settled: Array<[string, Modelled["status"], number]> = [];
        for (const [id, p] of model) {
          if (p.status !== "active" || p.endsAt > now) continue;
          const exit = quotes.get(p.token);
          if (exit && exit.asOf >= p.endsAt && exit.asOf < p.endsAt + VOID_AFTER_MS) {
            const status = outcomeOf({ direction: p.direction, percentage: p.pct }, p.entryUsd, exit.usd);
            settled.push([id, status, status === "won" ? payoutFor(p.wager, p.pct) : 0]);
          } else if (now - p.endsAt >= VOID_AFTER_MS) settled.push([id, "void", p.wager]);
        }
        return settled;
      }

      async function burst(stakes: Step & { kind: "burst" }) {
        const now = Date.now();
        const start = new Map(balances);
        const [answers, passes] = await Promise.all([
          Promise.all(
            stakes.stakes.map((s, i) =>
              stake(i, members[s.member] as Member, {
                token: s.token,
                direction: s.direction,
                percentage: s.percentage,
                timeFrame: s.timeFrame,
                wager: s.wager,
              }),
            ),
          ),
          Promise.all(
            Array.from({ length: stakes.passes }, (_, i) =>
              resolveDuePredictions(databases()[i % 2] as Database, prices.service, { now }),
            ),
          ),
        ]);
        sent += answers.length + passes.length;
        // Only predictions placed before this burst can be due: a new one ends a minute or more from now.
        const expected = stakes.passes > 0 ? settleable(now) : [];
        const spent = new Map<string, number>();
        stakes.stakes.forEach((s, i) => {
          const member = members[s.member] as Member;
          const response = answers[i] as LightMyRequestResponse;
          const entry = quotes.get(s.token);
          if (!entry || now - entry.asOf >= ENTRY_PRICE_MAX_AGE_MS) {
            expect(response.statusCode, response.body).toBe(503);
            expect(response.json().error.message).toContain("nothing was staked");
            return;
          }
          if (response.statusCode === 400) {
            expect(response.json().error.message).toMatch(REFUSED);
            return;
          }
          expect(response.statusCode, response.body).toBe(201);
          const { prediction } = response.json();
          expect(Date.parse(prediction.endsAt)).toBe(now + timeFrameMs(s.timeFrame));
          expect(prediction.entry.usd).toBe(entry.usd);
          model.set(prediction.id, {
            userId: member.id,
            token: s.token,
            direction: s.direction,
            pct: s.percentage,
            wager: s.wager,
            endsAt: now + timeFrameMs(s.timeFrame),
            entryUsd: entry.usd,
            status: "active",
          });
          spent.set(member.id, (spent.get(member.id) ?? 0) + s.wager);
          balances.set(member.id, (balances.get(member.id) ?? 0) - s.wager);
        });
        // A refusal means the balance at that moment was short; it was never below start − all accepted.
        stakes.stakes.forEach((s, i) => {
          const member = members[s.member] as Member;
          if ((answers[i] as LightMyRequestResponse).statusCode !== 400) return;
          expect(s.wager).toBeGreaterThan((start.get(member.id) ?? 0) - (spent.get(member.id) ?? 0));
        });
        const settled = (passes.flat() as Resolution[]).filter((r) => model.has(r.id));
        expect(settled.map((r) => r.id).sort()).toEqual(expected.map(([id]) => id).sort());
        for (const [id, status, credit] of expected) {
          const p = model.get(id) as Modelled;
          p.status = status;
          balances.set(p.userId, (balances.get(p.userId) ?? 0) + credit);
        }
      }

      async function apply(step: Step) {
        if (step.kind === "burst") await burst(step);
        else if (step.kind === "outage") {
          down.add(step.token);
          quotes.delete(step.token);
          prices.clear(step.token);
        } else if (step.kind === "restore") {
          down.delete(step.token);
          quote(step.token, level.get(step.token) ?? 100);
        } else {
          vi.setSystemTime(Date.now() + step.ms);
          for (const token of tokens) {
            if (!down.has(token)) quote(token, ((level.get(token) ?? 100) * step.percent) / 100);
          }
          if (step.passes > 0) await burst({ kind: "burst", stakes: [], passes: step.passes });
        }
        // The database agrees with the model after every step: balances and every status.
        for (const member of members) expect(await balanceOf(member.id)).toBe(balances.get(member.id));
        if (model.size > 0) {
          const rows = await db()
            .selectFrom("user_predictions")
            .select(["id", "status"])
            .where("id", "in", [...model.keys()])
            .execute();
          expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual(
            Object.fromEntries([...model].map(([id, p]) => [id, p.status])),
          );
        }
      }

      for (const step of steps) await apply(step);
      // In the end everything settles: an hour on (the longest timeframe) most resolve by price, a day on the rest are void.
      await apply({ kind: "wait", ms: 3_600_000, percent: 101, passes: 1 });
      await apply({ kind: "wait", ms: VOID_AFTER_MS, percent: 100, passes: 2 });
      expect([...model.values()].filter((p) => p.status === "active")).toEqual([]);
      for (const token of tokens) prices.clear(token);
      tried(task, "double-spend", sent);
      await expectBankHolds(task, ctx.handle.database);
    }

    // Only Date is faked: the placements, the sessions and the resolver all read this one clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await fc.assert(fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: scale(8, 16) }), run), {
        numRuns: scale(5, 25),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
