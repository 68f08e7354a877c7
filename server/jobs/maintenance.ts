import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { JOB_RUNS_KEEP_MS, pruneRuns } from "../lib/jobs/job-runs.ts";
import { acquireLease, releaseLease } from "../lib/jobs/lease.ts";
import { repeatEvery } from "../lib/jobs/repeat.ts";
import { pruneRateLimits } from "../lib/rate-limit/rate-limit.ts";
import { deleteExpiredSessions } from "../lib/sessions/repository.ts";
import { purgeDeletedAccounts } from "../modules/accounts/index.ts";
import { pruneOutcomes } from "../modules/analysis/index.ts";
import { pruneUnusedBlogImages } from "../modules/content/index.ts";
import { NOTIFICATION_RETENTION_MS, pruneNotifications } from "../modules/notifications/index.ts";
import { pruneReads } from "../modules/pages/index.ts";

const HOUR = 3_600_000;

export type MaintenanceContext = {
  database: Database;
  dataDir: string;
  accountPurgeMs: number;
  holder: string;
  log: FastifyBaseLogger;
};

/**
 * Hourly housekeeping, by one process at a time: purges accounts deleted longer ago than
 * the retention period (freeing their handles), drops expired sessions, old rate-limit
 * counters, notifications older than 90 days, expired article analyses and page reads,
 * the record of job runs older than 7 days, and blog images uploaded more than a day ago
 * that no post shows.
 */
export async function runMaintenance(ctx: MaintenanceContext, now = Date.now()): Promise<void> {
  const lease = { name: "maintenance", holder: ctx.holder };
  if (!(await acquireLease(ctx.database, { ...lease, ttlMs: 10 * 60_000, now }))) return;
  try {
    const purged = await purgeDeletedAccounts(ctx.database, ctx.dataDir, now - ctx.accountPurgeMs);
    if (purged > 0) ctx.log.info({ purged }, "purged deleted accounts");
    await deleteExpiredSessions(ctx.database, now);
    await pruneRateLimits(ctx.database, now - 24 * HOUR);
    await pruneNotifications(ctx.database, now - NOTIFICATION_RETENTION_MS);
    await pruneOutcomes(ctx.database, now);
    await pruneReads(ctx.database, now);
    await pruneRuns(ctx.database, now - JOB_RUNS_KEEP_MS);
    const images = await pruneUnusedBlogImages(ctx.database, ctx.dataDir, now - 24 * HOUR);
    if (images > 0) ctx.log.info({ images }, "removed blog images no post shows");
  } finally {
    await releaseLease(ctx.database, lease);
  }
}

export function startMaintenance(ctx: MaintenanceContext, everyMs = HOUR) {
  return repeatEvery(
    () => runMaintenance(ctx),
    everyMs,
    (error) => ctx.log.error({ err: error }, "maintenance failed"),
  );
}
