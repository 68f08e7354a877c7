import { spawn } from "node:child_process";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { INITIAL_GEMS } from "../../contracts/gems-catalog.ts";
import { resolveDuePredictions } from "../modules/gems/resolution.ts";
import { projectRoot } from "../paths.ts";
import { joinAsMember } from "../test/accounts.ts";
import { testDatabaseTargets } from "../test/databases.ts";
import { gemsTestApp } from "../test/gems-app.ts";
import { startPredictionResolver } from "./prediction-resolver.ts";

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

describe.each(testDatabaseTargets())("the prediction resolver job on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;

  async function placeDue(token: string, wager: number) {
    const member = await joinAsMember(ctx.app, ctx.handle.database);
    prices.set(token, 100, Date.now());
    const response = await ctx.place(member, { token, direction: "up", percentage: 1, timeFrame: "1m", wager });
    expect(response.statusCode).toBe(201);
    const id = response.json().prediction.id as string;
    await ctx.handle.database.db.updateTable("user_predictions").set({ ends_at: 1_000 }).where("id", "=", id).execute();
    return { member, id };
  }
  const status = async (id: string) =>
    (
      await ctx.handle.database.db
        .selectFrom("user_predictions")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;
  const payouts = (userId: string) =>
    ctx.handle.database.db
      .selectFrom("gems_ledger")
      .selectAll()
      .where("user_id", "=", userId)
      .where("kind", "=", "payout")
      .execute();

  const notified = (userId: string) =>
    ctx.handle.database.db.selectFrom("notifications").select(["seq", "title"]).where("user_id", "=", userId).execute();

  it("resolves at start-up, then gives its lease up when stopped", async () => {
    const { member, id } = await placeDue("BNB", 40);
    prices.set("BNB", 105, 2_000);
    const job = startPredictionResolver({
      database: ctx.handle.database,
      prices: prices.service,
      holder: "job",
      log: quiet,
    });
    await vi.waitFor(async () => expect(await status(id)).toBe("won"));
    await job.stop();
    expect(await payouts(member.id)).toHaveLength(1);
    expect(await ctx.handle.database.db.selectFrom("job_leases").selectAll().execute()).toEqual([]);
  });

  it("pays once after a resolver process is killed (SIGKILL) mid-resolution and another resolves", async () => {
    const { member, id } = await placeDue("XRP", 60);
    const child = spawn(process.execPath, ["--import", "tsx", "server/test/resolve-and-hang.ts"], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? "",
        RESOLVE_DATABASE: JSON.stringify(ctx.handle.location),
        RESOLVE_PRICE: JSON.stringify({ symbol: "XRP", usd: 110, asOf: 2_000, now: 3_000 }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("midway") && resolve());
      child.on("exit", (code) => reject(new Error(`resolver exited early (${code})`)));
    });
    child.kill("SIGKILL");
    await exited;
    // The killed transaction left nothing: still active, nothing paid, nobody told.
    expect(await status(id)).toBe("active");
    expect(await payouts(member.id)).toEqual([]);
    expect(await notified(member.id)).toEqual([]);
    prices.set("XRP", 110, 2_000);
    expect(
      (await resolveDuePredictions(ctx.handle.database, prices.service, { now: 4_000 })).map((r) => r.id),
    ).toContain(id);
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: 5_000 })).toEqual([]);
    expect(await payouts(member.id)).toHaveLength(1);
    expect(await notified(member.id)).toEqual([{ seq: 1, title: "Prediction Won" }]);
    const { gems_balance } = await ctx.handle.database.db
      .selectFrom("users")
      .select("gems_balance")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(gems_balance).toBe(INITIAL_GEMS - 60 + 120);
  }, 30_000);
});
