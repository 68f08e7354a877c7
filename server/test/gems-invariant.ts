import { expect } from "vitest";
import { INITIAL_GEMS } from "../../contracts/gems-catalog.ts";
import type { Database } from "../db/database.ts";

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
  // No row without a member (the foreign key's promise, checked anyway).
  const ids = new Set(users.map((user) => user.id));
  expect(rows.filter((row) => !ids.has(row.user_id))).toEqual([]);
}
