import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { opmlImportResultSchema, opmlLineSchema } from "../../../contracts/reading.ts";
import { MAX_MEMBER_FEEDS } from "../../../contracts/reading-catalog.ts";
import { AppError } from "../../errors.ts";
import { followedKeys } from "../articles/index.ts";
import { AddressRefused, memberFeedKey, normaliseAddress } from "./address.ts";
import { readOpml } from "./opml.ts";
import { type AddContext, addMemberFeed } from "./service.ts";

type OpmlLine = z.infer<typeof opmlLineSchema>;
type ImportResult = z.infer<typeof opmlImportResultSchema>;

/** Feeds checked at the same time during an import. */
export const IMPORT_CONCURRENCY = 4;
/** An import stops checking feeds after this long; the lines not reached say so. */
export const IMPORT_BUDGET_MS = 25_000;

/**
 * Feeds an import checks beyond the member's room for more: a few lines refused (not a
 * feed, no answer) still leave room for the next ones, yet a file of hundreds of dead
 * addresses costs a handful of fetches, not hundreds.
 */
export const IMPORT_SPARE_CHECKS = 5;

export const NOT_CHECKED_IN_TIME = "Not checked: the import ran out of time — add it on its own";
export const NOT_CHECKED_FAILED = "Not checked: something went wrong on Gemwire's side — add it on its own";
export const notCheckedOverCap = (checks: number, room: number) =>
  `Not checked — one import checks at most ${checks} feeds when you have room for ${room} more — add it on its own`;

/**
 * Imports an OPML file's feeds. Each one is checked as if pasted (fetched, or found
 * already known), IMPORT_CONCURRENCY at a time in the file's order, within
 * IMPORT_BUDGET_MS, so a line reports "added" only for a feed that answers; every line
 * with an xmlUrl gets its result: added, skipped (already following, listed twice)
 * or refused (not http(s), private, over the limit, not a feed, did not answer, not
 * checked). At most the member's room plus IMPORT_SPARE_CHECKS lines are checked. A line
 * that fails in an unexpected way is refused and logged; the import goes on.
 */
export async function importOpml(
  ctx: AddContext & { budgetMs?: number; log: FastifyBaseLogger },
  userId: string,
  text: string,
): Promise<ImportResult> {
  const outlines = readOpml(text);
  const following = new Set(await followedKeys(ctx.database, userId));
  const lines: OpmlLine[] = [];
  const seen = new Set<string>();
  const pending: Array<{ line: OpmlLine; address: string }> = [];
  for (const outline of outlines) {
    const line: OpmlLine = {
      line: outline.line,
      address: outline.address,
      title: outline.title,
      result: "refused",
      reason: "",
    };
    lines.push(line);
    let url: string;
    try {
      url = normaliseAddress(outline.address);
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      line.reason = error.message;
      continue;
    }
    const key = memberFeedKey(url);
    if (seen.has(key)) {
      Object.assign(line, { result: "skipped", reason: "Listed twice in the file" });
      continue;
    }
    seen.add(key);
    if (following.has(key)) {
      Object.assign(line, { result: "skipped", reason: "Already following" });
      continue;
    }
    pending.push({ line, address: url });
  }

  const budget = AbortSignal.timeout(ctx.budgetMs ?? IMPORT_BUDGET_MS);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, budget]) : budget;
  const startRoom = MAX_MEMBER_FEEDS - following.size;
  let room = startRoom;
  const checks = room > 0 ? room + IMPORT_SPARE_CHECKS : 0;
  let next = 0;
  // In the file's order, a few at a time, never more at once than there is room for.
  while (next < pending.length && next < checks && room > 0 && !signal.aborted) {
    const batch = pending.slice(next, next + Math.min(IMPORT_CONCURRENCY, room, checks - next));
    next += batch.length;
    await Promise.all(
      batch.map(async ({ line, address }) => {
        try {
          await addMemberFeed({ ...ctx, signal }, userId, address);
          Object.assign(line, { result: "added", reason: "Added" });
          room--;
        } catch (error) {
          if (budget.aborted && !(error instanceof AppError && error.statusCode !== 422)) {
            line.reason = NOT_CHECKED_IN_TIME;
            return;
          }
          if (!(error instanceof AppError)) {
            // The request itself was stopped: nothing more to report to.
            if (ctx.signal?.aborted) throw error;
            ctx.log.error({ err: error, line: line.line }, "an OPML import line failed unexpectedly");
            line.reason = NOT_CHECKED_FAILED;
            return;
          }
          const skipped = error.statusCode === 409;
          Object.assign(line, { result: skipped ? "skipped" : "refused", reason: error.message });
          if (error.message.startsWith(`You follow ${MAX_MEMBER_FEEDS}`)) room = 0;
        }
      }),
    );
  }
  const notReached =
    room <= 0
      ? `Over the limit of ${MAX_MEMBER_FEEDS} feeds`
      : next >= checks
        ? notCheckedOverCap(checks, startRoom)
        : NOT_CHECKED_IN_TIME;
  for (const { line } of pending.slice(next)) line.reason = notReached;
  const count = (result: OpmlLine["result"]) => lines.filter((line) => line.result === result).length;
  return { lines, added: count("added"), skipped: count("skipped"), refused: count("refused") };
}
