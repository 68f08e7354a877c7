import { INITIAL_GEMS } from "../../../contracts/gems-catalog.ts";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../errors.ts";
import { balanceOf, creditGems } from "./repository.ts";

/** The signup grant's reference: one per member (the ledger's unique key). */
export const SIGNUP_REFERENCE = "signup";

/** The reference a prediction's stake, payout and refund rows carry. */
export const predictionReference = (predictionId: string) => `prediction:${predictionId}`;

/**
 * Gives a new member their INITIAL_GEMS. Call it in the transaction that inserts the
 * member's row (accounts' signUp does), so no member exists without the grant.
 */
export async function grantInitialGems(trx: Db, userId: string, now: number): Promise<void> {
  await creditGems(trx, { userId, amount: INITIAL_GEMS, kind: "grant", reference: SIGNUP_REFERENCE, now });
}

export async function getBalance(database: Db, userId: string): Promise<{ balance: number }> {
  const balance = await balanceOf(database, userId);
  if (balance === undefined) throw notFound("Member not found");
  return { balance };
}
