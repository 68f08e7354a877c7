import type { Database } from "../../db/database.ts";
import { isHolderGone } from "./holder.ts";

/**
 * Takes or renews the lease on a background job for `ttlMs`. Returns true when this
 * holder now owns it: the lease was free, expired, already ours, or held by a process of
 * this machine that is gone (holder.ts: a restart after kill -9 need not wait it out).
 * Across processes sharing one database, at most one holds an unexpired lease at a time.
 */
export async function acquireLease(
  { db }: Database,
  job: { name: string; holder: string; ttlMs: number; now?: number },
): Promise<boolean> {
  const now = job.now ?? Date.now();
  const result = await db
    .insertInto("job_leases")
    .values({ name: job.name, holder: job.holder, expires_at: now + job.ttlMs })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet({ holder: job.holder, expires_at: now + job.ttlMs })
        .where((eb) => eb.or([eb("job_leases.expires_at", "<=", now), eb("job_leases.holder", "=", job.holder)])),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  const current = await db.selectFrom("job_leases").select("holder").where("name", "=", job.name).executeTakeFirst();
  if (!current || !isHolderGone(current.holder)) return false;
  // Only from that very holder: another process taking it over first wins.
  const taken = await db
    .updateTable("job_leases")
    .set({ holder: job.holder, expires_at: now + job.ttlMs })
    .where("name", "=", job.name)
    .where("holder", "=", current.holder)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Gives the lease up early so another process can run the job without waiting for expiry. */
export async function releaseLease({ db }: Database, job: { name: string; holder: string }): Promise<void> {
  await db.deleteFrom("job_leases").where("name", "=", job.name).where("holder", "=", job.holder).execute();
}
