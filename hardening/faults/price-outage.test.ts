/*
 * Fault: the price API is down for the whole timeframe of a prediction. The real price
 * service asks a local CoinGecko-compatible API that fails every way a real one does
 * (500s, garbage, the wrong shape, no answer in time) while simulated time (only Date is
 * faked: the placements, the price service, the resolver and the API answers read it)
 * runs on past the prediction's end. The prediction stays active, the member is told it
 * waits for a price, and 24 h after its end it is void with the stake refunded, once; or
 * the API comes back before that and it resolves by the price, once, however many
 * resolver runs race for it. The rest of the app keeps taking comments, votes and
 * favorites all the while.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INITIAL_GEMS, payoutFor, VOID_AFTER_MS } from "../../contracts/gems-catalog.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { RESOLVE_EVERY_MS, runPredictionResolver } from "../../server/jobs/prediction-resolver.ts";
import { upsertArticles } from "../../server/modules/articles/repository.ts";
import { awaitingPriceNote } from "../../server/modules/gems/presenter.ts";
import { type Resolution, resolveDuePredictions } from "../../server/modules/gems/resolution.ts";
import { createPriceService, PRICE_RETRY_MS } from "../../server/modules/market/price-service.ts";
import { createGuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../server/test/databases.ts";
import { type FakePriceMode, startFakePriceApi } from "../../server/test/fake-price-api.ts";
import { testItem } from "../../server/test/items.ts";
import { quietLog } from "../../server/test/quiet-log.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;
type Placed = { id: string; member: Member; token: string; wager: number; endsAt: number };

const HOUR = 3_600_000;
/** Every way the API fails while it is down, in turn: one per resolver pass. */
const FAILURES: FakePriceMode[] = ["error500", "garbage", "wrong-shape", "slow"];
const articles = ["a1", "a2", "a3"].map((id) => `https://news.example/${id}`);

describe.each(testDatabaseTargets())(
  "fault: the price API is down for a prediction's timeframe on $dialect",
  (target) => {
    const quotes: Record<string, { usd: number }> = { bitcoin: { usd: 60_000 }, ethereum: { usd: 3_000 } };
    let fake: Awaited<ReturnType<typeof startFakePriceApi>>;
    let fetcher: ReturnType<typeof createGuardedFetch>;
    let handle: TestDatabaseHandle;
    /** A second connection pool on PostgreSQL, as a second process would have; SQLite is one process's. */
    let second: Database;
    let app: FastifyInstance;
    let service: ReturnType<typeof createPriceService>;

    beforeAll(async () => {
      fake = await startFakePriceApi(quotes);
      // "slow" answers after a second; the fetch gives up well before.
      fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 300 });
      handle = await openTestDatabase(target);
      second = target.dialect === "postgres" ? openDatabase(handle.location) : handle.database;
      service = createPriceService({
        baseUrl: fake.baseUrl,
        fetcher,
        source: fake.host,
        log: quietLog,
        // Read at each call: the service keeps a reference to Date.now, and Date is faked below.
        now: () => Date.now(),
      });
      app = await buildTestApp(handle.database, { prices: service });
      await upsertArticles(
        handle.database,
        "bitcoin",
        articles.map((_, i) => testItem(`a${i + 1}`, i + 1, Date.now())),
        Date.now(),
      );
      // From here one simulated clock, moved by the tests only.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    });
    afterAll(async () => {
      vi.useRealTimers();
      await app?.close();
      if (second && second !== handle.database) await second.close();
      await handle?.dispose();
      await fetcher?.close();
      await fake?.close();
    });
    afterEach(async ({ task }) => {
      fake.state.mode = "ok";
      await expectBankHolds(task, handle.database);
    });

    const db = () => handle.database.db;
    const advanceTo = (at: number) => vi.setSystemTime(at);
    const pass = (holder = "resolver") =>
      runPredictionResolver({ database: handle.database, prices: service, holder, log: quietLog });
    const balanceOf = async (userId: string) =>
      (await db().selectFrom("users").select("gems_balance").where("id", "=", userId).executeTakeFirstOrThrow())
        .gems_balance;
    type LedgerRow = { kind: string; amount: number; reference: string };
    /** By kind, then reference, in JavaScript's order (PostgreSQL's collation is en-US). */
    const inOrder = (rows: LedgerRow[]) =>
      rows.sort((a, b) => (a.kind === b.kind ? (a.reference < b.reference ? -1 : 1) : a.kind < b.kind ? -1 : 1));
    const ledgerOf = async (userId: string) =>
      inOrder(
        await db()
          .selectFrom("gems_ledger")
          .select(["kind", "amount", "reference"])
          .where("user_id", "=", userId)
          .execute(),
      );
    const predictionNotices = (member: Member) =>
      db()
        .selectFrom("notifications")
        .select("title")
        .where("user_id", "=", member.id)
        .where("kind", "=", "prediction")
        .execute();
    const mine = async (member: Member) => {
      const response = await app.inject({ method: "GET", url: "/api/predictions?mine=1", cookies: member.cookies });
      expect(response.statusCode).toBe(200);
      return response.json().predictions as Array<Record<string, unknown> & { id: string }>;
    };

    /** Places a prediction while the API is up (past the service's cache and retry wait, so it asks afresh). */
    async function place(
      member: Member,
      token: string,
      body: { wager: number; direction?: "up" | "down"; percentage?: number; timeFrame?: string },
    ): Promise<Placed> {
      fake.state.mode = "ok";
      advanceTo(Date.now() + PRICE_RETRY_MS + 1_000);
      const response = await app.inject({
        method: "POST",
        url: "/api/predictions",
        cookies: member.cookies,
        payload: { token, direction: "up", percentage: 1, timeFrame: "5m", ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { prediction } = response.json();
      expect(prediction.entry.source).toBe(fake.host);
      return { id: prediction.id, member, token, wager: body.wager, endsAt: Date.parse(prediction.endsAt) };
    }

    /**
     * Resolver passes at each of `times` with the API failing a different way each time:
     * each placed prediction stays active (nothing paid, refunded or told) until 24 h after
     * its end, and the member sees it waiting for a price; meanwhile the member's comments,
     * votes and favorites keep being taken.
     */
    async function whileDown(placed: Placed[], times: number[], acks: ReturnType<typeof acknowledgedWrites>) {
      const asked = fake.calls.length;
      for (const [i, at] of times.entries()) {
        fake.state.mode = FAILURES[i % FAILURES.length] as FakePriceMode;
        advanceTo(at);
        expect(await pass()).toEqual([]);
        for (const p of placed) {
          const row = await db()
            .selectFrom("user_predictions")
            .select(["status", "payout", "exit_usd"])
            .where("id", "=", p.id)
            .executeTakeFirstOrThrow();
          expect(row, `${p.token} at end + ${(at - p.endsAt) / HOUR} h`).toEqual({
            status: "active",
            payout: null,
            exit_usd: null,
          });
          expect((await ledgerOf(p.member.id)).filter((row) => row.reference === `prediction:${p.id}`)).toEqual([
            { kind: "stake", amount: -p.wager, reference: `prediction:${p.id}` },
          ]);
          // Once it has ended, the member is told what it waits for and what happens if that never comes.
          const shown = (await mine(p.member)).find((q) => q.id === p.id);
          expect(shown).toMatchObject({
            status: "active",
            exit: null,
            payout: null,
            note: at >= p.endsAt ? awaitingPriceNote(p.token) : null,
          });
        }
        // The rest of the app is not held up by the price API.
        const member = placed[i % placed.length]?.member as Member;
        const link = articles[i % articles.length] as string;
        const comment = await app.inject({
          method: "POST",
          url: "/api/comments",
          cookies: member.cookies,
          payload: { contentId: link, content: `still here at pass ${i}` },
        });
        expect(comment.statusCode, comment.body).toBe(201);
        acks.comment(comment.json().id);
        const direction = i % 2 ? "down" : "up";
        const vote = await app.inject({
          method: "PUT",
          url: "/api/votes",
          cookies: member.cookies,
          payload: { link, vote: direction },
        });
        expect(vote.statusCode, vote.body).toBe(200);
        acks.vote(member.id, link, direction);
        const favorite = await app.inject({
          method: "PUT",
          url: "/api/favorites",
          cookies: member.cookies,
          payload: { link },
        });
        expect(favorite.statusCode, favorite.body).toBe(200);
        acks.favorite(member.id, link);
      }
      // Each pass really asked the API (one call per pass: they are further apart than its retry wait).
      expect(fake.calls.length - asked).toBeGreaterThanOrEqual(times.length);
    }

    /** Passes every `step` from now until before `until`, never in the tick of a checkpoint of its own. */
    function everyStep(step: number, until: number, checkpoints: number[]): number[] {
      const times: number[] = [];
      for (let at = Date.now() + step; at < until; at += step) {
        if (checkpoints.every((c) => Math.abs(c - at) > 2 * RESOLVE_EVERY_MS)) times.push(at);
      }
      return times;
    }

    /** Resolver runs at once: lease-holding job runs and bare passes (a lease lapsed mid-pass), on both connections. */
    async function racingRuns(count: number): Promise<Resolution[]> {
      const runs = await Promise.all(
        Array.from({ length: count }, (_, i) => {
          const database = i % 2 ? second : handle.database;
          return i % 4 < 2
            ? resolveDuePredictions(database, service, { now: Date.now() })
            : runPredictionResolver({ database, prices: service, holder: `racer-${i}`, log: quietLog });
        }),
      );
      await db().deleteFrom("job_leases").where("holder", "like", "racer-%").execute();
      return runs.flat();
    }

    it("keeps the prediction active while the API is down, then voids it and refunds the stake 24 h after its end, once", async ({
      task,
    }) => {
      const acks = acknowledgedWrites();
      const member = await joinAsMember(app, handle.database);
      const btc = await place(member, "BTC", { wager: 200 });
      const eth = await place(member, "ETH", { direction: "down", percentage: 2, timeFrame: "1h", wager: 300 });
      // Down from now on, for longer than either prediction's timeframe and the 24 h after it.
      injected(task, 1);
      const voidAt = (p: Placed) => p.endsAt + VOID_AFTER_MS;
      // The last moment before each is void, and the moment it is.
      const edges = [btc, eth].flatMap((p) => [voidAt(p) - RESOLVE_EVERY_MS, voidAt(p)]);
      const early = everyStep(scale(2 * HOUR, 20 * 60_000), voidAt(eth), edges);
      await whileDown([btc, eth], [...early.filter((at) => at < voidAt(btc)), voidAt(btc) - RESOLVE_EVERY_MS], acks);
      fake.state.mode = "error500";
      advanceTo(voidAt(btc));
      expect(await pass()).toEqual([{ id: btc.id, userId: member.id, status: "void", payout: 200 }]);
      // ETH ended 55 minutes later: still waiting, with the API still down.
      await whileDown([eth], [...early.filter((at) => at > voidAt(btc)), voidAt(eth) - RESOLVE_EVERY_MS], acks);
      advanceTo(voidAt(eth));
      expect(await pass()).toEqual([{ id: eth.id, userId: member.id, status: "void", payout: 300 }]);
      // Resolver runs racing afterwards, and later ones with the API back, change nothing.
      const settled = await ledgerOf(member.id);
      expect(settled).toEqual(
        inOrder([
          { kind: "grant", amount: INITIAL_GEMS, reference: "signup" },
          { kind: "refund", amount: 200, reference: `prediction:${btc.id}` },
          { kind: "refund", amount: 300, reference: `prediction:${eth.id}` },
          { kind: "stake", amount: -200, reference: `prediction:${btc.id}` },
          { kind: "stake", amount: -300, reference: `prediction:${eth.id}` },
        ]),
      );
      expect(await racingRuns(scale(4, 12))).toEqual([]);
      fake.state.mode = "ok";
      advanceTo(Date.now() + HOUR);
      expect(await racingRuns(scale(4, 12))).toEqual([]);
      expect(await ledgerOf(member.id)).toEqual(settled);
      expect(await balanceOf(member.id)).toBe(INITIAL_GEMS);
      // What the member sees: void, refunded, and why.
      for (const shown of await mine(member)) {
        expect(shown).toMatchObject({ status: "void", exit: null });
        expect(shown.note).toMatch(/^No price for (BTC|ETH) could be had .* refunded\.$/);
      }
      const told = await predictionNotices(member);
      expect(told).toEqual([{ title: "Prediction Refunded" }, { title: "Prediction Refunded" }]);
      await expectNothingLost(task, handle.database, acks);
    });

    it("resolves the prediction once by the price when the API comes back before 24 h, with resolver runs racing", async ({
      task,
    }) => {
      const acks = acknowledgedWrites();
      const up = await place(await joinAsMember(app, handle.database), "BTC", { wager: 100 });
      const down = await place(await joinAsMember(app, handle.database), "BTC", { direction: "down", wager: 150 });
      injected(task, 1);
      // Down through the end and for hours after it (most of the 24 h at full size).
      const backAt = up.endsAt + scale(6 * HOUR, 20 * HOUR);
      await whileDown([up, down], everyStep(scale(2 * HOUR, 20 * 60_000), backAt, []), acks);
      // Back up, with BTC 5 % higher than when both were placed: up wins, down loses.
      quotes.bitcoin = { usd: 63_000 };
      fake.state.mode = "ok";
      advanceTo(backAt);
      const backAtMs = Date.now();
      const settled = await racingRuns(scale(6, 16));
      expect(settled.map((r) => r.id).sort()).toEqual([up.id, down.id].sort());
      expect(settled.find((r) => r.id === up.id)).toMatchObject({ status: "won", payout: payoutFor(100, 1) });
      expect(settled.find((r) => r.id === down.id)).toMatchObject({ status: "lost" });
      // Later runs, even past the 24 h, never settle them again (no refund after a resolution).
      for (const later of [RESOLVE_EVERY_MS, HOUR, VOID_AFTER_MS]) {
        advanceTo(backAtMs + later);
        expect(await racingRuns(scale(2, 6))).toEqual([]);
      }
      expect(await balanceOf(up.member.id)).toBe(INITIAL_GEMS - 100 + payoutFor(100, 1));
      expect(await balanceOf(down.member.id)).toBe(INITIAL_GEMS - 150);
      const [won] = await mine(up.member);
      expect(won).toMatchObject({
        status: "won",
        payout: payoutFor(100, 1),
        exit: { usd: 63_000, source: fake.host, at: new Date(backAtMs).toISOString() },
        note: null,
      });
      const [lost] = await mine(down.member);
      expect(lost).toMatchObject({ status: "lost", payout: null, exit: { usd: 63_000 }, note: null });
      for (const { member } of [up, down]) {
        const told = await predictionNotices(member);
        expect(told).toHaveLength(1);
      }
      await expectNothingLost(task, handle.database, acks);
    });
  },
);
