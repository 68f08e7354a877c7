import { describe, expect, it } from "vitest";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { gemsTestApp } from "../../test/gems-app.ts";
import { resolveDuePredictions } from "./resolution.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;
const DAY = 86_400_000;

describe.each(testDatabaseTargets())("the leaderboard on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;

  async function place(member: Member, token: string, entry: number, percentage: number, wager: number) {
    prices.set(token, entry, Date.now());
    const response = await ctx.place(member, { token, direction: "up", percentage, timeFrame: "1m", wager });
    expect(response.statusCode).toBe(201);
    return response.json().prediction.id as string;
  }
  const board = async (query = "") => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/leaderboard${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().members;
  };

  it("ranks members by GEMS won minus staked on resolved predictions, all time and the last 7 days", async () => {
    const [a, b, c, d, e] = (await Promise.all(
      ["alice", "bob", "carol", "dave", "erin"].map((name) => joinAsMember(ctx.app, ctx.handle.database, name)),
    )) as [Member, Member, Member, Member, Member];
    await place(a, "BTC", 100, 1, 100); // wins: +100
    const aliceOld = await place(a, "ETH", 100, 1, 50); // loses, 8 days ago: −50
    const bobOld = await place(b, "SOL", 1, 100, 10); // wins 1010, 8 days ago: +1000
    await place(e, "ETH", 100, 1, 20); // loses: −20
    await place(d, "DOGE", 0.1, 1, 30); // void: nothing
    const { db } = ctx.handle.database;
    await db.updateTable("user_predictions").set({ ends_at: 1_000 }).where("status", "=", "active").execute();
    prices.set("BTC", 101, 2_000);
    prices.set("ETH", 100, 2_000);
    prices.set("SOL", 2, 2_000);
    prices.clear("DOGE");
    const now = Date.now();
    const resolved = await resolveDuePredictions(ctx.handle.database, prices.service, { now });
    expect(resolved.map((r) => r.status).sort()).toEqual(["lost", "lost", "void", "won", "won"]);
    await db
      .updateTable("user_predictions")
      .set({ completed_at: now - 8 * DAY })
      .where("id", "in", [aliceOld, bobOld])
      .execute();
    await place(c, "BTC", 100, 1, 5); // still active: not listed

    expect(await board()).toEqual([
      { handle: "bob", username: null, avatar: null, net: 1000, won: 1, resolved: 1, winRate: 1 },
      { handle: "alice", username: null, avatar: null, net: 50, won: 1, resolved: 2, winRate: 0.5 },
      { handle: "erin", username: null, avatar: null, net: -20, won: 0, resolved: 1, winRate: 0 },
    ]);
    expect(await board("?period=7d")).toEqual([
      { handle: "alice", username: null, avatar: null, net: 100, won: 1, resolved: 1, winRate: 1 },
      { handle: "erin", username: null, avatar: null, net: -20, won: 0, resolved: 1, winRate: 0 },
    ]);
    // A member who left is not listed.
    await db.updateTable("users").set({ deleted_at: now }).where("id", "=", b.id).execute();
    expect((await board()).map((m: { handle: string }) => m.handle)).toEqual(["alice", "erin"]);
  });

  it("refuses an unknown period with a 400 naming it", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/leaderboard?period=30d" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("period");
  });
});
