import type { FastifyRequest } from "fastify";
import { RateLimitedError } from "../../errors.ts";
import { checkRateLimit, hitRateLimit, type RateLimitRule } from "./rate-limit.ts";

const MINUTE = 60_000;

/** Attempts allowed per window: generous for people, tight for scripts guessing passwords. */
export const limits = {
  signInPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed attempts only, so nobody can lock a member out by guessing on purpose. */
  signInFailuresPerHandle: { limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  signUpPerHandle: { limit: 10, windowMs: 60 * MINUTE },
  adminSignInPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** All addresses together: spoofed or rotated addresses gain nothing. */
  adminSignInOverall: { limit: 100, windowMs: 15 * MINUTE },
  avatarUploadsPerMember: { limit: 20, windowMs: 60 * MINUTE },
  /** Votes and favorite changes together: far more than anyone clicks, little for a script. */
  communityWritesPerMember: { limit: 300, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Counts the attempt under every key; the first exhausted one answers 429 with Retry-After. */
export async function enforceLimits(
  request: FastifyRequest,
  checks: Array<[key: string, rule: RateLimitRule]>,
): Promise<void> {
  for (const [key, rule] of checks) {
    const { allowed, retryAfterMs } = await hitRateLimit(request.server.database, key, rule);
    if (!allowed) throw new RateLimitedError(Math.ceil(retryAfterMs / 1000));
  }
}

/** Answers 429 when `key` is over its limit, without counting this attempt. */
export async function refuseIfLimited(request: FastifyRequest, key: string, rule: RateLimitRule): Promise<void> {
  const { allowed, retryAfterMs } = await checkRateLimit(request.server.database, key, rule);
  if (!allowed) throw new RateLimitedError(Math.ceil(retryAfterMs / 1000));
}
