import { randomBytes } from "node:crypto";
import type { PlacePrediction, Prediction } from "../../../contracts/gems.ts";
import { ENTRY_PRICE_MAX_AGE_MS, timeFrameMs } from "../../../contracts/gems-catalog.ts";
import { findBuiltInToken } from "../../../contracts/market-catalog.ts";
import type { Database } from "../../db/database.ts";
import { AppError, invalidRequest, unavailable } from "../../errors.ts";
import type { PriceService } from "../market/index.ts";
import { findPrediction, insertPrediction, listPredictions } from "./predictions-repository.ts";
import { pageCursor, parsePageCursor, presentPrediction } from "./presenter.ts";
import { balanceOf, stakeGems } from "./repository.ts";
import { predictionReference } from "./service.ts";

/** Short random ids (22 characters) keep a page cursor within its 40 characters. */
const newPredictionId = () => randomBytes(16).toString("base64url");

export const failedToCreate = (cause?: unknown) =>
  new AppError(500, "internal_error", "Failed to create prediction", { cause });

/**
 * Places a prediction: a fresh entry price first (nothing is staked without one), then
 * the stake, the prediction row and the stake's ledger row in one transaction. The stake
 * is a conditional update, so concurrent placements can never spend more than the balance.
 */
export async function placePrediction(
  database: Database,
  prices: Pick<PriceService, "prices">,
  userId: string,
  input: PlacePrediction,
  now: () => number = Date.now,
): Promise<{ prediction: Prediction; balance: number }> {
  const token = findBuiltInToken(input.token);
  if (!token) throw invalidRequest(`token: ${input.token.trim()} is not one of Gemwire's tokens`);
  const { prices: quotes } = await prices.prices([token.symbol]);
  const quote = quotes[token.symbol];
  const placedAt = now();
  const entryAt = quote ? Date.parse(quote.asOf) : Number.NaN;
  if (!quote || !(placedAt - entryAt < ENTRY_PRICE_MAX_AGE_MS)) {
    throw unavailable(`No fresh price for ${token.symbol} right now; nothing was staked. Try again in a moment.`);
  }
  const id = newPredictionId();
  let balance = 0;
  try {
    await database.db.transaction().execute(async (trx) => {
      const staked = await stakeGems(
        { db: trx },
        { userId, amount: input.wager, reference: predictionReference(id), now: placedAt },
      );
      if (!staked) {
        const have = (await balanceOf({ db: trx }, userId)) ?? 0;
        throw invalidRequest(`wager must not exceed your balance of ${have} GEMS`);
      }
      await insertPrediction(
        { db: trx },
        {
          id,
          user_id: userId,
          token: token.symbol,
          direction: input.direction,
          percentage: Math.round(input.percentage * 100),
          time_frame: input.timeFrame,
          wager: input.wager,
          status: "active",
          created_at: placedAt,
          completed_at: null,
          ends_at: placedAt + timeFrameMs(input.timeFrame),
          entry_usd: quote.usd,
          entry_source: quote.source,
          entry_at: entryAt,
          exit_usd: null,
          exit_source: null,
          exit_at: null,
          payout: null,
          note: null,
        },
      );
      balance = (await balanceOf({ db: trx }, userId)) ?? 0;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failedToCreate(error);
  }
  const row = await findPrediction(database, id);
  if (!row) throw failedToCreate();
  return { prediction: presentPrediction(row), balance };
}

export async function getPredictions(
  database: Database,
  options: { userId?: string; before?: string; limit: number },
): Promise<{ predictions: Prediction[]; next: string | null }> {
  const before = options.before === undefined ? undefined : parsePageCursor(options.before);
  if (before === null) throw invalidRequest("querystring.before: must be a page's `next`");
  const rows = await listPredictions(database, { userId: options.userId, before, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    predictions: page.map((row) => presentPrediction(row)),
    next: rows.length > options.limit && last ? pageCursor(last) : null,
  };
}
