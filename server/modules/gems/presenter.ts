import type { Prediction } from "../../../contracts/gems.ts";
import { VOID_AFTER_MS } from "../../../contracts/gems-catalog.ts";
import type { UserPredictionsTable } from "../../db/schema.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** A prediction row with its member's public face (handle, name, picture). */
export type PredictionRow = UserPredictionsTable & { handle: string; username: string | null; avatar: string | null };

/**
 * What an ended prediction still waits for, and what happens if it never comes: the
 * member sees it in place rather than an "active" that looks stuck (a price source down).
 */
export const awaitingPriceNote = (token: string) =>
  `Ended; waiting for a ${token} price from after its end. Without one within ${VOID_AFTER_MS / 3_600_000} hours of the end, it is void and the stake refunded.`;

/** `now` decides whether an active prediction has ended and waits for its exit price. */
export function presentPrediction(row: PredictionRow, now: number = Date.now()): Prediction {
  return {
    id: row.id,
    username: row.username,
    handle: row.handle,
    avatar: row.avatar,
    token: row.token,
    direction: row.direction,
    // Stored in hundredths so it stays exact; shown as entered.
    percentage: row.percentage / 100,
    timeFrame: row.time_frame,
    wager: row.wager,
    status: row.status,
    created_at: iso(row.created_at),
    completed_at: row.completed_at === null ? null : iso(row.completed_at),
    endsAt: iso(row.ends_at),
    entry: { usd: row.entry_usd, source: row.entry_source, at: iso(row.entry_at) },
    exit:
      row.exit_usd === null || row.exit_at === null
        ? null
        : { usd: row.exit_usd, source: row.exit_source ?? "", at: iso(row.exit_at) },
    payout: row.payout,
    note: row.status === "active" && row.ends_at <= now ? awaitingPriceNote(row.token) : row.note,
  };
}

/** A page's `next`: the last row's time and id, so rows placed in one millisecond are not skipped. */
export const pageCursor = (row: { created_at: number; id: string }) => `${row.created_at}.${row.id}`;

const CURSOR = /^(\d{1,15})\.([\w-]{1,24})$/;

export function parsePageCursor(cursor: string): { createdAt: number; id: string } | null {
  const match = CURSOR.exec(cursor);
  if (!match) return null;
  return { createdAt: Number(match[1]), id: match[2] as string };
}
