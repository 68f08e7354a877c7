import type { FastifyRequest } from "fastify";
import { RateLimitedError, type RateLimitMessage } from "../../errors.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.ts";

const MINUTE = 60_000;

/** Attempts allowed per window: generous for people, tight for scripts guessing passwords. */
export const limits = {
  /** Every sign-in attempt from one address, right or wrong, whatever the handle. */
  signInPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one handle from other networks: past this the handle is being guessed from many. */
  signInFailuresPerHandle: { limit: 10, windowMs: 15 * MINUTE },
  /** While a handle is being guessed from many networks: attempts one network (IPv6 /48) may make at it since its last success. */
  signInFailuresPerHandleAndIp: { limit: 3, windowMs: 15 * MINUTE },
  /** Every sign-up attempt from one address, bogus codes included. */
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  /** Sign-ups for one handle with a valid invitation (bogus codes must not block a name). */
  signUpPerHandle: { limit: 10, windowMs: 60 * MINUTE },
  /** Admin sign-ins from one address since its last success (a success starts it afresh). */
  adminSignInPerIp: { limit: 10, windowMs: 15 * MINUTE },
  avatarUploadsPerMember: { limit: 20, windowMs: 60 * MINUTE },
  /** Votes and favorite changes together: far more than anyone clicks, little for a script. */
  communityWritesPerMember: { limit: 300, windowMs: 10 * MINUTE },
  /**
   * Read-state and reading-preference changes: an open, a toggle or a section's 'Mark all
   * as read' each count once; one a second for ten minutes is more than anyone reads.
   */
  readingWritesPerMember: { limit: 600, windowMs: 10 * MINUTE },
  /** Comments posted: more than anyone types, few enough that a script cannot flood a discussion. */
  commentsPerMember: { limit: 10, windowMs: MINUTE },
  /** Predictions placed: one every 5 s for 10 minutes, more than anyone follows; caps a script's rows. */
  predictionsPerMember: { limit: 120, windowMs: 10 * MINUTE },
  /**
   * Page views counted from one address: five a second for a minute is more than anyone
   * clicks, and keeps one script from inflating the counts. Past it views are dropped
   * quietly; nothing is refused and no account is touched.
   */
  pageViewsPerAddress: { limit: 300, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts the attempt under every key; the first exhausted one answers 429 with
 * Retry-After, worded by its own message when it has one.
 */
export async function enforceLimits(
  request: FastifyRequest,
  checks: Array<[key: string, rule: RateLimitRule, message?: RateLimitMessage]>,
): Promise<void> {
  for (const [key, rule, message] of checks) {
    const { allowed, retryAfterMs } = await hitRateLimit(request.server.database, key, rule);
    if (!allowed) throw new RateLimitedError(Math.ceil(retryAfterMs / 1000), message);
  }
}

/** A duration as the API's descriptions say it: "60 s", "a minute", "10 minutes", "24 hours". */
export function durationInWords(ms: number): string {
  const HOUR = 60 * MINUTE;
  if (ms % HOUR === 0) return ms === HOUR ? "an hour" : `${ms / HOUR} hours`;
  if (ms % MINUTE === 0) return ms === MINUTE ? "a minute" : `${ms / MINUTE} minutes`;
  return `${ms / 1000} s`;
}

/** A rule as the API's descriptions say it: "30 a minute", "120 placements in 10 minutes". */
export function ruleInWords(rule: RateLimitRule, what?: string): string {
  const count = what ? `${rule.limit} ${what}` : String(rule.limit);
  return rule.windowMs === MINUTE || rule.windowMs === 60 * MINUTE
    ? `${count} ${durationInWords(rule.windowMs)}`
    : `${count} in ${durationInWords(rule.windowMs)}`;
}
