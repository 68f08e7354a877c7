import { outcomeOf, payoutFor, VOID_AFTER_MS } from "../../../contracts/gems-catalog.ts";
import type { PriceQuote } from "../../../contracts/market.ts";
import { builtInTokens } from "../../../contracts/market-catalog.ts";
import type { Database, Db } from "../../db/database.ts";
import type { UserPredictionsTable } from "../../db/schema.ts";
import type { PriceService } from "../market/index.ts";
import { insertNotifications } from "../notifications/index.ts";
import { outcomeNotification } from "./outcome-notification.ts";
import { creditGems } from "./repository.ts";
import { predictionReference } from "./service.ts";

/** Predictions looked at per pass; the rest wait for the next tick (10 s later). */
const BATCH = 200;

type Due = Pick<
  UserPredictionsTable,
  "id" | "user_id" | "token" | "direction" | "percentage" | "time_frame" | "wager" | "ends_at" | "entry_usd"
>;

export type Resolution =
  | { id: string; userId: string; status: "won"; payout: number }
  | { id: string; userId: string; status: "lost" }
  | { id: string; userId: string; status: "void"; payout: number };

export type ResolveOptions = { now: number };

/**
 * The due predictions this pass can settle, oldest end first: those whose token has a
 * price observed at or after their end (and within VOID_AFTER_MS of it), and those past
 * VOID_AFTER_MS (void). Ones still waiting for a price are not read at all, so however
 * many of them there are, they never hold up predictions that can be resolved.
 */
async function duePredictions(
  { db }: Db,
  prices: Pick<PriceService, "prices">,
  now: number,
): Promise<{ due: Due[]; quotes: Record<string, PriceQuote | null> }> {
  const anyDue = await db
    .selectFrom("user_predictions")
    .select("id")
    .where("status", "=", "active")
    .where("ends_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  if (!anyDue) return { due: [], quotes: {} };
  const { prices: quotes } = await prices.prices(builtInTokens.map((token) => token.symbol));
  const observed = Object.entries(quotes).flatMap(([symbol, quote]) =>
    quote ? [{ symbol, at: Date.parse(quote.asOf) }] : [],
  );
  const due = await db
    .selectFrom("user_predictions")
    .select(["id", "user_id", "token", "direction", "percentage", "time_frame", "wager", "ends_at", "entry_usd"])
    .where("status", "=", "active")
    .where("ends_at", "<=", now)
    .where((eb) =>
      eb.or([
        eb("ends_at", "<=", now - VOID_AFTER_MS),
        ...observed.map(({ symbol, at }) =>
          eb.and([eb("token", "=", symbol), eb("ends_at", "<=", at), eb("ends_at", ">", at - VOID_AFTER_MS)]),
        ),
      ]),
    )
    .orderBy("ends_at")
    .limit(BATCH)
    .execute();
  return { due, quotes };
}

/**
 * The exit price a prediction may use: observed at or after its end (never a price
 * cached from before it), and within VOID_AFTER_MS of it (a later price says nothing
 * about the timeframe; the prediction is void by then).
 */
export function usableExit(
  quote: PriceQuote | null | undefined,
  endsAt: number,
): { usd: number; source: string; at: number } | null {
  if (!quote) return null;
  const at = Date.parse(quote.asOf);
  if (!(at >= endsAt && at < endsAt + VOID_AFTER_MS)) return null;
  return { usd: quote.usd, source: quote.source, at };
}

/**
 * Writes one resolution: the status (only while still active — whoever writes it first
 * wins), for a win or a void the ledger row and the balance credit, and the member's
 * notification, all in one transaction: a resolution that rolls back tells no one. The
 * ledger's unique (kind, reference, user_id) and the notification's unique (cause,
 * user_id) are second guards. Returns false when another resolver got there first.
 */
async function writeResolution(
  database: Database,
  due: Due,
  outcome: Resolution,
  fields: { exit: { usd: number; source: string; at: number } | null; note: string | null },
  options: ResolveOptions,
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("user_predictions")
      .set({
        status: outcome.status,
        completed_at: options.now,
        exit_usd: fields.exit?.usd ?? null,
        exit_source: fields.exit?.source ?? null,
        exit_at: fields.exit?.at ?? null,
        payout: outcome.status === "lost" ? null : outcome.payout,
        note: fields.note,
      })
      .where("id", "=", due.id)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (outcome.status !== "lost") {
      await creditGems(
        { db: trx },
        {
          userId: due.user_id,
          amount: outcome.payout,
          kind: outcome.status === "won" ? "payout" : "refund",
          reference: predictionReference(due.id),
          now: options.now,
        },
      );
    }
    await insertNotifications({ db: trx, dialect: database.dialect }, [outcomeNotification(due, outcome)], options.now);
    return true;
  });
}

/**
 * One pass over ended predictions: each resolves with a price observed at or after its
 * end, stays active (retried next pass) while there is none, and is void with its stake
 * refunded once VOID_AFTER_MS have passed without one. Returns what this pass resolved.
 */
export async function resolveDuePredictions(
  database: Database,
  prices: Pick<PriceService, "prices">,
  options: ResolveOptions,
): Promise<Resolution[]> {
  const { due, quotes } = await duePredictions(database, prices, options.now);
  const resolved: Resolution[] = [];
  const failures: unknown[] = [];
  for (const prediction of due) {
    const exit = usableExit(quotes[prediction.token], prediction.ends_at);
    let outcome: Resolution;
    let note: string | null = null;
    if (exit) {
      const percentage = prediction.percentage / 100;
      const status = outcomeOf({ direction: prediction.direction, percentage }, prediction.entry_usd, exit.usd);
      outcome =
        status === "won"
          ? { id: prediction.id, userId: prediction.user_id, status, payout: payoutFor(prediction.wager, percentage) }
          : { id: prediction.id, userId: prediction.user_id, status };
    } else if (options.now - prediction.ends_at >= VOID_AFTER_MS) {
      outcome = { id: prediction.id, userId: prediction.user_id, status: "void", payout: prediction.wager };
      note = `No price for ${prediction.token} could be had in the 24 hours after this prediction ended, so it was void and the stake refunded.`;
    } else {
      continue;
    }
    try {
      if (await writeResolution(database, prediction, outcome, { exit, note }, options)) resolved.push(outcome);
    } catch (error) {
      // One prediction that cannot be written (rolled back whole) must not hold up the rest.
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} prediction(s) could not be resolved; retried next pass`);
  }
  return resolved;
}
