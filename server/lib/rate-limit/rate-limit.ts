import type { Database } from "../../db/database.ts";

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Counts one attempt against `key` in a fixed window shared by every process (the
 * counter lives in the database). Returns whether the attempt is allowed and, when it is
 * not, how long until the window resets.
 */
export async function hitRateLimit(
  { db }: Database,
  key: string,
  { limit, windowMs }: RateLimitRule,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const expired = now - windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rate_limits.window_start", "<=", expired)
          .then(1)
          .else(eb("rate_limits.hits", "+", 1))
          .end(),
        window_start: eb
          .case()
          .when("rate_limits.window_start", "<=", expired)
          .then(eb.ref("excluded.window_start"))
          .else(eb.ref("rate_limits.window_start"))
          .end(),
      })),
    )
    .returning(["hits", "window_start"])
    .executeTakeFirstOrThrow();
  const allowed = row.hits <= limit;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(1, row.window_start + windowMs - now) };
}

/** How many attempts `key` has counted in its current window, and when that window ends (nothing is counted). */
export async function peekRateLimit(
  { db }: Database,
  key: string,
  windowMs: number,
  now: number = Date.now(),
): Promise<{ hits: number; resetsInMs: number }> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row || row.window_start <= now - windowMs) return { hits: 0, resetsInMs: 0 };
  return { hits: row.hits, resetsInMs: Math.max(1, row.window_start + windowMs - now) };
}

export async function clearRateLimit({ db }: Database, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Forgets counters whose window has long passed (kept small by a background job). */
export async function pruneRateLimits({ db }: Database, olderThan: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan).execute();
}
