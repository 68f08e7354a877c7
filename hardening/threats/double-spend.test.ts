/*
 * T13 double spend and double payout. GEMS move only through a stake (POST
 * /api/predictions), a resolution (the prediction resolver job) and the sign-up grant, so
 * each is raced and replayed here: many stakes at once, from one member and from many,
 * through two app instances on one database; many resolver runs at once over the same due
 * predictions; the same request sent again and again; and a property test interleaving
 * stakes, price moves, outages, time and resolutions at random, checked against a model.
 * The API has no idempotency key: a replayed stake is a new stake by design, and what it
 * promises is that no sequence of stakes ever spends more than the balance.
 */
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PredictionDirection } from "../../contracts/gems-catalog.ts";
import {
  ENTRY_PRICE_MAX_AGE_MS,
  INITIAL_GEMS,
  outcomeOf,
  payoutFor,
  timeFrameMs,
  VOID_AFTER_MS,
} from "../../contracts/gems-catalog.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS, runPredictionResolver } from "../../server/jobs/prediction-resolver.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { type Resolution, resolveDuePredictions } from "../../server/modules/gems/resolution.ts";
import { joinAsMember, TEST_PASSWORD } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { gemsTestApp } from "../../server/test/gems-app.ts";
import { quietLog } from "../../server/test/quiet-log.ts";
import { expectBankHolds } from "../acknowledged.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;
type Sent = { member: Member; wager: number; response: LightMyRequestResponse };

/** The product's refusal of a stake the balance does not cover (the spec has no wording of its own). */
const REFUSED = /^wager must not exceed your balance of (\d+) GEMS$/;
const bet = { token: "BTC", direction: "up", percentage: 1, timeFrame: "5m" } as const;

describe.each(testDatabaseTargets())("T13 double spend and double payout on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;
  /**
   * A second app instance on the same database, as a second process behind a load
   * balancer would be: its own connection pool on PostgreSQL. SQLite is one process's
   * database (one connection; a second in-process connection would wait synchronously
   * for the first's lock), so there the second instance shares the handle.
   */
  let other: { app: FastifyInstance; database: Database };
  const instances = () => [ctx.app, other.app];
  const databases = () => [ctx.handle.database, other.database];

  beforeAll(async () => {
    const database =
      target.dialect === "postgres"
        ? openDatabase(ctx.handle.location)
        : // Closing this instance must leave the shared handle open for the first.
          { ...ctx.handle.database, close: async () => {} };
    other = { database, app: await buildTestApp(database, { prices: prices.service }) };
  });
  afterAll(async () => {
    await other.app.close();
  });
  afterEach(async ({ task }) => {
    // Job leases taken at made-up times would keep later runs (other holders) out.
    await ctx.handle.database.db.deleteFrom("job_leases").execute();
    await expectBankHolds(task, ctx.handle.database);
  });

  const db = () => ctx.handle.database.db;
  const balanceOf = async (userId: string) =>
    (await db().selectFrom("users").select("gems_balance").where("id", "=", userId).executeTakeFirstOrThrow())
      .gems_balance;

  /** POST /api/predictions through instance `i % 2`, with any extra headers. */
  const stake = (i: number, member: Member, body: object, headers: Record<string, string> = {}) =>
    (instances()[i % 2] as FastifyInstance).inject({
      method: "POST",
      url: "/api/predictions",
      cookies: member.cookies,
      headers,
      payload: body,
    });

  /**
   * What racing stakes of one member must leave: only 201s and 400s with the refusal's
   * words (never a 500); the accepted ones form one serial history (the balances their
   * answers report, highest first, fall by exactly their wagers from INITIAL_GEMS); no
   * refusal was needless (each refused wager exceeds what is left, and balances only fall
   * here); and exactly one prediction and one stake row per accepted stake.
   */
  async function expectSerialStakes(member: Member, sent: Sent[]) {
    const accepted = sent.filter((s) => s.response.statusCode === 201);
    const refused = sent.filter((s) => s.response.statusCode !== 201);
    const left = await balanceOf(member.id);
    for (const { wager, response } of refused) {
      expect(response.statusCode, response.body).toBe(400);
      const said = REFUSED.exec(response.json().error.message);
      expect(said, response.body).not.toBeNull();
      expect(Number(said?.[1])).toBeLessThan(wager);
      expect(Number(said?.[1])).toBeGreaterThanOrEqual(left);
      expect(wager).toBeGreaterThan(left);
    }
    const spent = accepted.reduce((sum, s) => sum + s.wager, 0);
    expect(spent).toBeLessThanOrEqual(INITIAL_GEMS);
    expect(left).toBe(INITIAL_GEMS - spent);
    const history = accepted
      .map((s) => ({ wager: s.wager, balance: s.response.json().balance as number }))
      .sort((a, b) => b.balance - a.balance);
    let before = INITIAL_GEMS;
    for (const step of history) {
      before -= step.wager;
      expect(step.balance).toBe(before);
    }
    const ids = accepted.map((s) => s.response.json().prediction.id as string).sort();
    const stored = await db().selectFrom("user_predictions").select("id").where("user_id", "=", member.id).execute();
    expect(stored.map((row) => row.id).sort()).toEqual(ids);
    const stakes = await db()
      .selectFrom("gems_ledger")
      .select(["amount", "reference"])
      .where("user_id", "=", member.id)
      .where("kind", "=", "stake")
      .execute();
    expect(stakes.map((row) => row.reference).sort()).toEqual(ids.map((id) => `prediction:${id}`).sort());
  }

  it("(a) one member's racing stakes, worth several balances, never overspend", async ({ task }) => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("BTC", 64_000, Date.now());
    // Up to 120 placements per member in 10 minutes (the rate limit); all at once here.
    const wagers = Array.from({ length: scale(40, 110) }, (_, i) => 20 + ((i * 7919) % 181));
    expect(wagers.reduce((a, b) => a + b, 0)).toBeGreaterThan(2 * INITIAL_GEMS);
    const responses = await Promise.all(wagers.map((wager, i) => stake(i, member, { ...bet, wager })));
    await expectSerialStakes(
      member,
      wagers.map((wager, i) => ({ member, wager, response: responses[i] as LightMyRequestResponse })),
    );
    tried(task, "double-spend", wagers.length);
  });

  it("(a) many members staking at once each stay within their own balance", async ({ task }) => {
    const members: Member[] = [];
    for (let m = 0; m < scale(6, 16); m++) members.push(await joinAsMember(ctx.app, ctx.handle.database));
    prices.set("ETH", 3_000, Date.now());
    const perMember = scale(8, 24);
    // Round robin, so every member's stakes race everyone else's.
    const plan = Array.from({ length: perMember }, (_, j) =>
      members.map((member, m) => ({ member, wager: 150 + ((m * 31 + j * 17) % 250) })),
    ).flat();
    const responses = await Promise.all(
      plan.map(({ member, wager }, i) => stake(i, member, { ...bet, token: "ETH", wager })),
    );
    for (const member of members) {
      await expectSerialStakes(
        member,
        plan.flatMap((p, i) =>
          p.member === member ? [{ ...p, response: responses[i] as LightMyRequestResponse }] : [],
        ),
      );
    }
    tried(task, "double-spend", plan.length);
  });

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

  it("(c) the same stake request replayed at once is that many separate stakes, never past the balance", async ({
    task,
  }) => {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set("SOL", 150, Date.now());
    const replays = scale(10, 30);
    // Same body, same cookie, same (unsupported, ignored) idempotency key, on both instances.
    const body = { ...bet, token: "SOL", wager: 300 };
    const responses = await Promise.all(
      Array.from({ length: replays }, (_, i) => stake(i, member, body, { "idempotency-key": "one-and-the-same" })),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(Math.floor(INITIAL_GEMS / 300));
    expect(new Set(accepted.map((r) => r.json().prediction.id)).size).toBe(accepted.length);
    await expectSerialStakes(
      member,
      responses.map((response) => ({ member, wager: 300, response })),
    );
    expect(await balanceOf(member.id)).toBe(INITIAL_GEMS % 300);
    tried(task, "double-spend", replays);
  });

  it("(c) a replayed sign-up (the only request that credits GEMS) grants once", async ({ task }) => {
    const { code } = await createInvite(ctx.handle.database, {});
    const handle = `replayed_${target.dialect}`;
    const replays = scale(5, 10);
    const responses = await Promise.all(
      Array.from({ length: replays }, (_, i) =>
        (instances()[i % 2] as FastifyInstance).inject({
          method: "POST",
          url: "/api/auth/signup",
          payload: { inviteCode: code, handle, password: TEST_PASSWORD },
          remoteAddress: "203.0.113.19",
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    // The rest: the invitation is used (400) or the handle taken (409); never a second member.
    for (const c of codes.filter((c) => c !== 201)) expect([400, 409]).toContain(c);
    const users = await db().selectFrom("users").select("id").where("handle", "=", handle).execute();
    expect(users).toHaveLength(1);
    const grants = await db()
      .selectFrom("gems_ledger")
      .select("amount")
      .where("user_id", "=", users[0]?.id ?? "")
      .where("kind", "=", "grant")
      .execute();
    expect(grants).toEqual([{ amount: INITIAL_GEMS }]);
    tried(task, "double-spend", replays);
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
      () => job(other.database, "second", now + 31_000),
      () => job(other.database, "second", now + 31_000 + RESOLVE_EVERY_MS),
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
