import { sql } from "kysely";
import type { z } from "zod";
import type { leaderboardSchema } from "../../../contracts/gems.ts";
import type { LeaderboardPeriod } from "../../../contracts/gems-catalog.ts";
import type { Database } from "../../db/database.ts";

/** Members shown: the top of the board. */
export const LEADERBOARD_SIZE = 100;
const WEEK_MS = 7 * 86_400_000;

/**
 * Members ranked by GEMS won minus GEMS staked over their resolved (won or lost)
 * predictions, all time or resolved in the last 7 days; members with none are not
 * listed, nor members who left. Void predictions gave the stake back and count for nothing.
 */
export async function getLeaderboard(
  { db }: Database,
  period: LeaderboardPeriod,
  now: number = Date.now(),
): Promise<z.infer<typeof leaderboardSchema>> {
  let query = db
    .selectFrom("user_predictions as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select([
      "u.handle",
      "u.username",
      "u.avatar",
      // CAST: PostgreSQL sums BIGINT into NUMERIC, which arrives as text.
      sql<number>`CAST(SUM(CASE WHEN p.status = 'won' THEN p.payout - p.wager ELSE -p.wager END) AS BIGINT)`.as("net"),
      sql<number>`CAST(SUM(CASE WHEN p.status = 'won' THEN 1 ELSE 0 END) AS BIGINT)`.as("won"),
      sql<number>`CAST(COUNT(*) AS BIGINT)`.as("resolved"),
    ])
    .where("p.status", "in", ["won", "lost"])
    .where("u.deleted_at", "is", null);
  if (period === "7d") query = query.where("p.completed_at", ">=", now - WEEK_MS);
  const rows = await query
    .groupBy(["u.id", "u.handle", "u.handle_key", "u.username", "u.avatar"])
    .orderBy("net", "desc")
    .orderBy("won", "desc")
    .orderBy("u.handle_key")
    .limit(LEADERBOARD_SIZE)
    .execute();
  return {
    members: rows.map((row) => {
      const won = Number(row.won);
      const resolved = Number(row.resolved);
      return {
        handle: row.handle,
        username: row.username,
        avatar: row.avatar,
        net: Number(row.net),
        won,
        resolved,
        winRate: won / resolved,
      };
    }),
  };
}
