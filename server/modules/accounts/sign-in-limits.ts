import type { Database } from "../../db/database.ts";
import { AppError, RateLimitedError } from "../../errors.ts";
import { guessingNetwork } from "../../lib/rate-limit/client-address.ts";
import { limits } from "../../lib/rate-limit/limits.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "../../lib/rate-limit/rate-limit.ts";

/*
 * Failed sign-ins slow guessing without letting a stranger lock a member out. The
 * password is always checked unless the asking address is itself limited:
 * - by its own attempts (limits.signInPerIp, counted before this), or
 * - for this handle, when the handle has had signInFailuresPerHandle failures from
 *   other networks (it is being guessed from many) and this network has already made
 *   signInFailuresPerHandleAndIp attempts at it since its last success.
 * So guessing from one address is held to the per-address limit; guessing spread over
 * many gets a few tries per network once the handle is targeted; and the member, from
 * a network that has not tried as often, always gets their password checked.
 *
 * `network` is guessingNetwork(ip): IPv6 counts by /48 here. The attempt is counted
 * before the password is checked (and forgiven at a success), so guesses sent in
 * parallel cannot all slip past the check while the first ones are being hashed.
 */

const keys = (handleKey: string, network: string) => ({
  /** Failures for the handle, from anywhere. */
  handle: `signin:failures:${handleKey}`,
  /** Failures for the handle from this network (to tell the others' apart). */
  failures: `signin:failures:${handleKey}@${network}`,
  /** Attempts at the handle from this network since its last success. */
  attempts: `signin:attempts:${handleKey}@${network}`,
});

/** Counts this attempt; answers 429 with Retry-After when this network may not try this handle now. */
async function refuseTargetedGuessing(database: Database, handleKey: string, network: string): Promise<void> {
  const key = keys(handleKey, network);
  const rule = limits.signInFailuresPerHandleAndIp;
  const attempt = await hitRateLimit(database, key.attempts, rule);
  if (attempt.allowed) return;
  const [all, own] = await Promise.all([
    peekRateLimit(database, key.handle, limits.signInFailuresPerHandle.windowMs),
    peekRateLimit(database, key.failures, rule.windowMs),
  ]);
  // The windows start apart, so this can only undercount: the lenient side.
  if (all.hits - own.hits >= limits.signInFailuresPerHandle.limit) {
    // Free again when either window ends: its own attempts, or the others' failures, are forgotten.
    throw new RateLimitedError(Math.ceil(Math.min(all.resetsInMs, attempt.retryAfterMs) / 1000));
  }
}

async function recordFailedSignIn(database: Database, handleKey: string, network: string): Promise<void> {
  const key = keys(handleKey, network);
  await hitRateLimit(database, key.handle, limits.signInFailuresPerHandle);
  await hitRateLimit(database, key.failures, limits.signInFailuresPerHandleAndIp);
}

/** The network got in: its own earlier attempts are forgiven; the others' failures still count. */
async function recordSignIn(database: Database, handleKey: string, network: string): Promise<void> {
  const key = keys(handleKey, network);
  await clearRateLimit(database, key.failures);
  await clearRateLimit(database, key.attempts);
}

/**
 * Runs `attempt` — the password check of a member or of the admin (`subject` is the
 * handle key, or a key no handle can take) — under the rule above: a held-back network
 * is refused before the password is looked at, an AppError with `wrongCode` counts as a
 * failure, and a success forgives the network.
 */
export async function guardSignIn<T>(
  database: Database,
  subject: string,
  ip: string,
  wrongCode: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const network = guessingNetwork(ip);
  await refuseTargetedGuessing(database, subject, network);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (error instanceof AppError && error.code === wrongCode) await recordFailedSignIn(database, subject, network);
    throw error;
  }
  await recordSignIn(database, subject, network);
  return result;
}
