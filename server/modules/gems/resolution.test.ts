import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { INITIAL_GEMS, VOID_AFTER_MS } from "../../../contracts/gems-catalog.ts";
import { openDatabase } from "../../db/connection.ts";
import { runPredictionResolver } from "../../jobs/prediction-resolver.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { gemsTestApp } from "../../test/gems-app.ts";
import { resolveDuePredictions } from "./resolution.ts";

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
type Bet = { token?: string; direction?: "up" | "down"; percentage?: number; timeFrame?: string; wager?: number };

describe.each(testDatabaseTargets())("resolving predictions on $dialect", (target) => {
  const ctx = gemsTestApp(target);
  const { prices } = ctx;

  /** A new member places one prediction at `entry` (on its own token unless told), and nothing else is due. */
  async function placed(entry: number, bet: Bet = {}) {
    await ctx.handle.database.db
      .updateTable("user_predictions")
      .set({ ends_at: 4e12 })
      .where("status", "=", "active")
      .execute();
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
  const row = (id: string) =>
    ctx.handle.database.db.selectFrom("user_predictions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const balance = async (userId: string) =>
    (
      await ctx.handle.database.db
        .selectFrom("users")
        .select("gems_balance")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).gems_balance;
  const ledgerOf = (userId: string) =>
    ctx.handle.database.db
      .selectFrom("gems_ledger")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();

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

  const notificationsOf = (userId: string) =>
    ctx.handle.database.db
      .selectFrom("notifications")
      .select(["seq", "kind", "title", "description", "target", "cause", "read_at"])
      .where("user_id", "=", userId)
      .orderBy("seq")
      .execute();

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

  it("leaves nothing behind when a resolution fails midway, and a re-run pays once", async () => {
    const p = await placed(100);
    prices.set("BTC", 110, p.endsAt);
    const midway = () => {
      throw new Error("power cut");
    };
    await expect(resolveDuePredictions(ctx.handle.database, prices.service, { now: p.endsAt, midway })).rejects.toThrow(
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
      expect((await run(ctx.handle.database, "one", s.endsAt)).map((x) => x.id)).toEqual([s.id]);
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
