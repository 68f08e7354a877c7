import type { Database } from "../../db/database.ts";
import { RateLimitedError } from "../../errors.ts";
import { limits } from "./limits.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "./rate-limit.ts";

/*
 * Failed sign-ins slow guessing without letting a stranger lock a member out. The
 * password is always checked unless the asking address is itself limited:
 * - by its own attempts (limits.signInPerIp, counted before this), or
 * - for this handle, when the handle has had signInFailuresPerHandle failures from
 *   other addresses (it is being guessed from many) and this address has failed
 *   signInFailuresPerHandleAndIp times for it.
 * So guessing from one address is held to the per-address limit; guessing spread over
 * many gets a few tries per address once the handle is targeted; and the member, from
 * an address that has not failed as often, always gets their password checked.
 */

/** `address` is the client as per-address limits count it (see limitAddress). */
const keys = (handleKey: string, address: string) => ({
  handle: `signin:failures:${handleKey}`,
  pair: `signin:failures:${handleKey}@${address}`,
});

/** Answers 429 with Retry-After when this address may not try this handle now. */
export async function refuseTargetedGuessing(database: Database, handleKey: string, address: string): Promise<void> {
  const key = keys(handleKey, address);
  const [all, own] = await Promise.all([
    peekRateLimit(database, key.handle, limits.signInFailuresPerHandle.windowMs),
    peekRateLimit(database, key.pair, limits.signInFailuresPerHandleAndIp.windowMs),
  ]);
  // The two windows start apart, so this can only undercount: the lenient side.
  const fromOthers = all.hits - own.hits;
  if (fromOthers >= limits.signInFailuresPerHandle.limit && own.hits >= limits.signInFailuresPerHandleAndIp.limit) {
    // Free again when either window ends: its own failures, or the others', are forgotten.
    throw new RateLimitedError(Math.ceil(Math.min(all.resetsInMs, own.resetsInMs) / 1000));
  }
}

export async function recordFailedSignIn(database: Database, handleKey: string, address: string): Promise<void> {
  const key = keys(handleKey, address);
  await hitRateLimit(database, key.handle, limits.signInFailuresPerHandle);
  await hitRateLimit(database, key.pair, limits.signInFailuresPerHandleAndIp);
}

/** The address got in: its own earlier mistakes are forgiven; the others' still count. */
export async function recordSignIn(database: Database, handleKey: string, address: string): Promise<void> {
  await clearRateLimit(database, keys(handleKey, address).pair);
}
