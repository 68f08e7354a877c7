/*
 * T13 double spend and double payout: stakes. GEMS move only through a stake (POST
 * /api/predictions), a resolution and the sign-up grant; here the two that members send
 * are raced and replayed: many stakes at once, from one member and from many, through two
 * app instances on one database; the same stake request again and again; and a sign-up
 * replayed. The API has no idempotency key: a replayed stake is a new stake by design, and
 * what it promises is that no sequence of stakes ever spends more than the balance.
 * Resolutions are in double-spend-resolver.test.ts, the model-checked property in
 * double-spend-property.test.ts.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { INITIAL_GEMS } from "../../contracts/gems-catalog.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { joinAsMember, TEST_PASSWORD } from "../../server/test/accounts.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { bet, doubleSpendApp, type Member } from "./double-spend-harness.ts";

describe.each(testDatabaseTargets())("T13 double spend and double payout on $dialect", (target) => {
  const { ctx, prices, instances, db, balanceOf, stake, expectSerialStakes } = doubleSpendApp(target);

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
});
