/*
 * What the T13 files share: the GEMS app on a fresh database plus a second app instance on
 * the same database, a stake sent through either, and the check that racing stakes of one
 * member form one serial history. Each T13 file calls `doubleSpendApp` inside its
 * `describe.each`, so every file gets its own database and its own second instance.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { INITIAL_GEMS } from "../../contracts/gems-catalog.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import type { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import type { TestDatabaseTarget } from "../../server/test/databases.ts";
import { gemsTestApp } from "../../server/test/gems-app.ts";
import { expectBankHolds } from "../acknowledged.ts";

export type Member = Awaited<ReturnType<typeof joinAsMember>>;
export type Sent = { member: Member; wager: number; response: LightMyRequestResponse };

/** The product's refusal of a stake the balance does not cover, in Gemwire's own words. */
export const REFUSED = /^wager must not exceed your balance of (\d+) GEMS$/;
export const bet = { token: "BTC", direction: "up", percentage: 1, timeFrame: "5m" } as const;

/** The hooks and helpers of one T13 file on one database; call inside the `describe`. */
export function doubleSpendApp(target: TestDatabaseTarget) {
  const ctx = gemsTestApp(target);
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
    other = { database, app: await buildTestApp(database, { prices: ctx.prices.service }) };
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

  return {
    ctx,
    prices: ctx.prices,
    get other() {
      return other;
    },
    instances,
    databases,
    db,
    balanceOf,
    stake,
    expectSerialStakes,
  };
}
