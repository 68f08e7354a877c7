import { expect } from "vitest";
import { INITIAL_GEMS, payoutFor } from "../../contracts/gems-catalog.ts";
import type { Database } from "../db/database.ts";
import { predictionReference } from "../modules/gems/service.ts";

/**
 * The ledger's promise, checked for every member: the cached balance equals the sum of
 * their ledger rows, which equals INITIAL_GEMS − stakes + payouts + refunds (one grant
 * each), and no balance is negative. Call it after every GEMS test.
 */
export async function expectGemsInvariant(database: Database): Promise<void> {
  const users = await database.db.selectFrom("users").select(["id", "handle", "gems_balance"]).execute();
  const rows = await database.db.selectFrom("gems_ledger").select(["user_id", "kind", "amount"]).execute();
  for (const user of users) {
    const mine = rows.filter((row) => row.user_id === user.id);
    const total = (kind: string) => mine.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amount, 0);
    const sum = mine.reduce((acc, row) => acc + row.amount, 0);
    const grants = mine.filter((row) => row.kind === "grant");
    expect(
      grants.map((row) => row.amount),
      `${user.handle}'s grant`,
    ).toEqual([INITIAL_GEMS]);
    expect(Number.isSafeInteger(user.gems_balance), `${user.handle}'s balance is whole`).toBe(true);
    expect(user.gems_balance, `${user.handle}'s balance = sum of ledger`).toBe(sum);
    // Stakes are stored negative.
    expect(sum, `${user.handle}'s ledger by kind`).toBe(
      INITIAL_GEMS + total("stake") + total("payout") + total("refund"),
    );
    expect(user.gems_balance, `${user.handle}'s balance is not negative`).toBeGreaterThanOrEqual(0);
  }
  // Each prediction against its ledger rows: one stake of −wager; a payout row exactly
  // when it won, of its payout (wager + floor(wager × percentage)); a refund exactly when
  // void, of its wager; nothing else.
  const predictions = await database.db
    .selectFrom("user_predictions")
    .select(["id", "user_id", "status", "wager", "percentage", "payout"])
    .execute();
  const references = await database.db
    .selectFrom("gems_ledger")
    .select(["user_id", "kind", "amount", "reference"])
    .where("kind", "<>", "grant")
    .execute();
  const byReference = new Map<string, typeof references>();
  for (const row of references) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
  for (const prediction of predictions) {
    const own = (byReference.get(predictionReference(prediction.id)) ?? []).map(({ user_id, kind, amount }) => ({
      user_id,
      kind,
      amount,
    }));
    const expected: Array<{ user_id: string; kind: string; amount: number }> = [
      { user_id: prediction.user_id, kind: "stake", amount: -prediction.wager },
    ];
    if (prediction.status === "won") {
      const payout = payoutFor(prediction.wager, prediction.percentage / 100);
      expect(prediction.payout, `prediction ${prediction.id}'s payout`).toBe(payout);
      expected.push({ user_id: prediction.user_id, kind: "payout", amount: payout });
    }
    if (prediction.status === "void") {
      expected.push({ user_id: prediction.user_id, kind: "refund", amount: prediction.wager });
    }
    // In no particular order: concurrent writers on PostgreSQL store rows out of insertion order.
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind);
    expect(own.sort(byKind), `prediction ${prediction.id}'s ledger rows`).toEqual(expected.sort(byKind));
  }
  expect(
    references.filter((row) => !predictions.some((p) => predictionReference(p.id) === row.reference)),
    "ledger rows for no prediction",
  ).toEqual([]);
  // No row without a member (the foreign key's promise, checked anyway).
  const ids = new Set(users.map((user) => user.id));
  expect(rows.filter((row) => !ids.has(row.user_id))).toEqual([]);
}
