import { describe, expect, it } from "vitest";
import { INITIAL_GEMS, VOID_AFTER_MS } from "../../../contracts/gems-catalog.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { gemsTestApp } from "../../test/gems-app.ts";
import { resolutionFixture } from "../../test/resolution-fixture.ts";
import { resolveDuePredictions } from "./resolution.ts";

describe.each(testDatabaseTargets())("resolving predictions on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;
  const { placed, row, balance, ledgerOf, notificationsOf } = resolutionFixture(ctx);

  it("pays a win of exactly the percentage (up) once, with the exit reading and completed_at", async () => {
    const p = await placed(100, { percentage: 1.1 });
    prices.set("BTC", 101.1, p.endsAt + 2_000);
    const now = p.endsAt + 5_000;
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now })).toEqual([
      { id: p.id, userId: p.member.id, status: "won", payout: 210 },
    ]);
    expect(await row(p.id)).toMatchObject({
      status: "won",
      completed_at: now,
      exit_usd: 101.1,
      exit_source: "prices.example",
      exit_at: p.endsAt + 2_000,
      payout: 210,
    });
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS - 100 + 210);
    expect((await ledgerOf(p.member.id)).map((r) => [r.kind, r.amount, r.reference])).toEqual([
      ["grant", 1250, "signup"],
      ["stake", -100, `prediction:${p.id}`],
      ["payout", 210, `prediction:${p.id}`],
    ]);
    // A second pass finds nothing to do.
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: now + 10_000 })).toEqual([]);
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS + 110);
  });

  it("tells the member how each prediction ended, with the GEMS, in the resolution's transaction", async () => {
    const won = await placed(100, { percentage: 1.5, timeFrame: "5m", wager: 200 });
    prices.set("BTC", 102, won.endsAt);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: won.endsAt + 1 });
    expect(await notificationsOf(won.member.id)).toEqual([
      {
        seq: 1,
        kind: "prediction",
        title: "Prediction Won",
        description: "Your prediction BTC up 1.5% in 5m won: 500 GEMS credited.",
        target: "/predictions",
        cause: `prediction:${won.id}`,
        read_at: null,
      },
    ]);
    const lost = await placed(100, { direction: "down", percentage: 2, timeFrame: "1h", wager: 1_000 });
    prices.set("BTC", 99, lost.endsAt);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: lost.endsAt + 1 });
    expect(await notificationsOf(lost.member.id)).toEqual([
      expect.objectContaining({
        title: "Prediction Lost",
        description: "Your prediction BTC down 2% in 1h lost: the 1,000 GEMS wager is gone.",
      }),
    ]);
    const voided = await placed(100, { wager: 70 });
    prices.setDown(true);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: voided.endsAt + VOID_AFTER_MS });
    expect(await notificationsOf(voided.member.id)).toEqual([
      expect.objectContaining({
        title: "Prediction Refunded",
        description:
          "Your prediction BTC up 1% in 1m was void (no price after its end): the 70 GEMS stake is refunded.",
      }),
    ]);
    const listed = await ctx.app.inject({ method: "GET", url: "/api/notifications", cookies: won.member.cookies });
    expect(listed.json()).toMatchObject({
      unread: 1,
      seq: 1,
      notifications: [{ title: "Prediction Won", read: false }],
    });
  });

  it("loses a move short of the percentage, or the wrong way, without moving GEMS", async () => {
    const p = await placed(100, { percentage: 1 });
    prices.set("BTC", 100.99, p.endsAt);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 1 });
    expect(await row(p.id)).toMatchObject({
      status: "lost",
      exit_usd: 100.99,
      payout: null,
      completed_at: p.endsAt + 1,
    });
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS - 100);
    const q = await placed(200, { direction: "down", percentage: 1 });
    prices.set("BTC", 202, q.endsAt);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: q.endsAt + 1 });
    expect((await row(q.id)).status).toBe("lost");
  });

  it("pays a down prediction whose price fell by exactly the percentage", async () => {
    const p = await placed(200, { direction: "down", percentage: 1, wager: 50 });
    prices.set("BTC", 198, p.endsAt);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt });
    expect(await row(p.id)).toMatchObject({ status: "won", payout: 100 });
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS + 50);
  });

  it("leaves a prediction alone before its end", async () => {
    const p = await placed(100);
    prices.set("BTC", 150, p.endsAt - 1);
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt - 1 })).toEqual([]);
    expect((await row(p.id)).status).toBe("active");
  });

  it("never uses a price observed before the end, even when it is all there is", async () => {
    const p = await placed(100);
    // Cached 1 ms before the end: it would win, but says nothing about the end.
    prices.set("BTC", 150, p.endsAt - 1);
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 20_000 })).toEqual([]);
    expect(await row(p.id)).toMatchObject({ status: "active", completed_at: null, exit_usd: null });
    prices.set("BTC", 99, p.endsAt + 25_000);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 30_000 });
    expect(await row(p.id)).toMatchObject({ status: "lost", exit_usd: 99, exit_at: p.endsAt + 25_000 });
  });

  it("keeps a prediction active while the source is down, then voids it after 24 h with its stake refunded", async () => {
    const p = await placed(100, { wager: 300 });
    prices.setDown(true);
    for (const late of [1_000, 3_600_000, VOID_AFTER_MS - 1]) {
      expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + late })).toEqual([]);
      expect((await row(p.id)).status).toBe("active");
    }
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS - 300);
    const now = p.endsAt + VOID_AFTER_MS;
    expect(await resolveDuePredictions(ctx.handle.database, prices.service, { now })).toEqual([
      { id: p.id, userId: p.member.id, status: "void", payout: 300 },
    ]);
    const voided = await row(p.id);
    expect(voided).toMatchObject({ status: "void", payout: 300, completed_at: now, exit_usd: null });
    expect(voided.note).toContain("No price for BTC");
    expect(voided.note).toContain("refunded");
    expect(await balance(p.member.id)).toBe(INITIAL_GEMS);
    expect((await ledgerOf(p.member.id)).at(-1)).toMatchObject({ kind: "refund", amount: 300 });
    const shown = await ctx.app.inject({ method: "GET", url: "/api/predictions?mine=1", cookies: p.member.cookies });
    expect(shown.json().predictions[0]).toMatchObject({ status: "void", payout: 300, exit: null, note: voided.note });
  });

  it("voids rather than use a price observed more than 24 h after the end", async () => {
    const p = await placed(100);
    prices.set("BTC", 500, p.endsAt + VOID_AFTER_MS);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + VOID_AFTER_MS + 1 });
    expect(await row(p.id)).toMatchObject({ status: "void", payout: 100, exit_usd: null });
  });

  it("shows the resolution record wherever the prediction is listed", async () => {
    const p = await placed(100, { percentage: 2 });
    prices.set("BTC", 103, p.endsAt + 1_000);
    await resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt + 2_000 });
    const listed = (await ctx.app.inject({ method: "GET", url: "/api/predictions" })).json().predictions[0];
    expect(listed).toMatchObject({
      id: p.id,
      status: "won",
      payout: 300,
      entry: { usd: 100, source: "prices.example" },
      exit: { usd: 103, source: "prices.example", at: new Date(p.endsAt + 1_000).toISOString() },
      completed_at: new Date(p.endsAt + 2_000).toISOString(),
    });
  });
});
