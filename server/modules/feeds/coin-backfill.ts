import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { acquireLease, releaseLease } from "../../lib/jobs/lease.ts";
import type { CoinIndex } from "../coins/index.ts";
import { type CoinSource, tagArticle } from "../coins/index.ts";

/** Articles tagged per batch: ~6 ms of detection (npm run bench:analysis), then one short write. */
export const BACKFILL_BATCH = 50;
/** Batches per pass: a pass tags at most BACKFILL_BATCH × this many, the rest waits for the next. */
export const BACKFILL_BATCHES_PER_PASS = 40;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Tags articles stored before coin tags existed (coins null), oldest id first, in small
 * batches with the event loop free in between; a pass stops after `maxBatches` and the
 * next pass goes on. Returns how many articles it tagged. A row tagged meanwhile by a
 * refresh is left as the refresh wrote it.
 */
export async function backfillCoinTags(
  { db }: Database,
  index: CoinIndex,
  {
    batch = BACKFILL_BATCH,
    maxBatches = BACKFILL_BATCHES_PER_PASS,
    signal,
  }: {
    batch?: number;
    maxBatches?: number;
    signal?: AbortSignal;
  } = {},
): Promise<number> {
  let tagged = 0;
  let afterId = 0;
  for (let n = 0; n < maxBatches; n++) {
    if (n > 0) await yieldToEventLoop();
    signal?.throwIfAborted();
    const rows = await db
      .selectFrom("articles")
      .select(["id", "title", "description"])
      .where("coins", "is", null)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(batch)
      .execute();
    if (rows.length === 0) break;
    afterId = (rows.at(-1) as (typeof rows)[number]).id;
    // One statement per distinct set of tags: most articles of a batch share a few.
    const byTags = new Map<string, number[]>();
    for (const row of rows) {
      const coins = tagArticle(index, row);
      const ids = byTags.get(coins);
      if (ids) ids.push(row.id);
      else byTags.set(coins, [row.id]);
    }
    await db.transaction().execute(async (trx) => {
      for (const [coins, ids] of byTags) {
        const result = await trx
          .updateTable("articles")
          .set({ coins })
          .where("id", "in", ids)
          .where("coins", "is", null)
          .executeTakeFirst();
        tagged += Number(result.numUpdatedRows);
      }
    });
    if (rows.length < batch) break;
  }
  return tagged;
}

/** A pass holds the lease this long at most: far longer than BACKFILL_BATCHES_PER_PASS batches take. */
const LEASE_MS = 2 * 60_000;

/**
 * One backfill pass by one process at a time (the feed scheduler runs it after each
 * refresh pass): nothing to do costs one look along the untagged-rows index.
 */
export async function runCoinBackfill(ctx: {
  database: Database;
  coins: CoinSource;
  holder: string;
  log: FastifyBaseLogger;
  signal?: AbortSignal;
  now?: number;
}): Promise<number> {
  const lease = { name: "coin-tags-backfill", holder: ctx.holder };
  if (!(await acquireLease(ctx.database, { ...lease, ttlMs: LEASE_MS, now: ctx.now }))) return 0;
  try {
    const tagged = await backfillCoinTags(ctx.database, ctx.coins.current(), { signal: ctx.signal });
    if (tagged > 0) ctx.log.info({ tagged }, "tagged stored articles with the coins they name");
    return tagged;
  } finally {
    await releaseLease(ctx.database, lease).catch(() => {});
  }
}
