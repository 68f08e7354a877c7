import { expect } from "vitest";
import { joinAsMember } from "./accounts.ts";
import type { gemsTestApp } from "./gems-app.ts";

type Bet = { token?: string; direction?: "up" | "down"; percentage?: number; timeFrame?: string; wager?: number };

/** What the resolution tests ask of a GEMS test app: a placed prediction and the rows it moved. */
export function resolutionFixture(ctx: ReturnType<typeof gemsTestApp>) {
  const { prices } = ctx;
  const db = () => ctx.handle.database.db;

  /** A new member places one prediction at `entry` (on its own token unless told), and nothing else is due. */
  async function placed(entry: number, bet: Bet = {}) {
    await db().updateTable("user_predictions").set({ ends_at: 4e12 }).where("status", "=", "active").execute();
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    const token = bet.token ?? "BTC";
    prices.set(token, entry, Date.now());
    const response = await ctx.place(member, {
      token,
      direction: "up",
      percentage: 1,
      timeFrame: "1m",
      wager: 100,
      ...bet,
    });
    expect(response.statusCode).toBe(201);
    const { id, endsAt } = response.json().prediction;
    return { member, id: id as string, endsAt: Date.parse(endsAt), token };
  }

  return {
    placed,
    row: (id: string) => db().selectFrom("user_predictions").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    balance: async (userId: string) =>
      (await db().selectFrom("users").select("gems_balance").where("id", "=", userId).executeTakeFirstOrThrow())
        .gems_balance,
    ledgerOf: (userId: string) =>
      db().selectFrom("gems_ledger").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    notificationsOf: (userId: string) =>
      db()
        .selectFrom("notifications")
        .select(["seq", "kind", "title", "description", "target", "cause", "read_at"])
        .where("user_id", "=", userId)
        .orderBy("seq")
        .execute(),
  };
}
