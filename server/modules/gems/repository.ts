import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { GemsLedgerKind } from "../../db/schema.ts";

/** A database or a transaction: anything with a Kysely handle. */

/** Adds one ledger row; the unique (kind, reference, user_id) key refuses a second for the same cause. */
export async function insertLedgerRow(
  { db }: Db,
  row: { userId: string; amount: number; kind: GemsLedgerKind; reference: string; now: number },
): Promise<void> {
  await db
    .insertInto("gems_ledger")
    .values({
      id: randomUUID(),
      user_id: row.userId,
      amount: row.amount,
      kind: row.kind,
      reference: row.reference,
      created_at: row.now,
    })
    .execute();
}

/**
 * Takes `amount` GEMS from the member's cached balance only if they have that many: one
 * conditional update, so concurrent stakes on any database can never overspend.
 * Returns false when the balance is too small.
 */
async function debitBalance({ db }: Db, userId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ gems_balance: sql`gems_balance - ${amount}` })
    .where("id", "=", userId)
    .where("gems_balance", ">=", amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function creditBalance({ db }: Db, userId: string, amount: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ gems_balance: sql`gems_balance + ${amount}` })
    .where("id", "=", userId)
    .execute();
}

type Movement = { userId: string; amount: number; kind: GemsLedgerKind; reference: string; now: number };

/**
 * GEMS in: the ledger row that explains it and the balance, together. Call it inside the
 * transaction of its cause (a signup, a win, a refund).
 */
export async function creditGems(trx: Db, movement: Movement): Promise<void> {
  await insertLedgerRow(trx, movement);
  await creditBalance(trx, movement.userId, movement.amount);
}

/**
 * A stake: taken from the balance only if it covers it (one conditional update), with its
 * ledger row. Returns false, changing nothing, when the balance is too small.
 */
export async function stakeGems(trx: Db, stake: Omit<Movement, "kind">): Promise<boolean> {
  if (!(await debitBalance(trx, stake.userId, stake.amount))) return false;
  await insertLedgerRow(trx, { ...stake, amount: -stake.amount, kind: "stake" });
  return true;
}

export async function balanceOf({ db }: Db, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom("users").select("gems_balance").where("id", "=", userId).executeTakeFirst();
  return row?.gems_balance;
}
