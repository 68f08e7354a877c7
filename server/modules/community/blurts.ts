import type { Blurt } from "../../../contracts/community.ts";
import type { BlurtFilter, BlurtSort } from "../../../contracts/community-catalog.ts";
import type { Database } from "../../db/database.ts";
import { invalidRequest } from "../../errors.ts";
import { presentPrediction } from "../gems/index.ts";
import { afterCursor, type BlurtKey, blurtCursor, branchesOf, compareKeys, parseBlurtCursor } from "./blurts-order.ts";
import { listTimelineComments, listTimelinePredictions } from "./blurts-repository.ts";
import { presentComment } from "./comments-presenter.ts";

type Entry = { key: BlurtKey; blurt: Blurt };

/**
 * Blurts: one page of the timeline of comments and predictions. Each part of the
 * order (won or lost predictions first, then the rest) is read as a few keyset queries of
 * at most `limit + 1` rows each, merged here; the later part is read only when the
 * earlier one does not fill the page. Nothing is loaded whole.
 */
export async function getBlurts(
  database: Database,
  query: { filter: BlurtFilter; sort: BlurtSort; before?: string; limit: number },
): Promise<{ blurts: Blurt[]; next: string | null }> {
  const cursor = query.before === undefined ? null : parseBlurtCursor(query.before);
  if (cursor === null && query.before !== undefined)
    throw invalidRequest("querystring.before: must be a page's `next`");
  const want = query.limit + 1;
  const entries: Entry[] = [];
  const branches = branchesOf(query.filter, query.sort);
  for (const part of [0, 1] as const) {
    if (entries.length >= want) break;
    for (const branch of branches.filter((b) => b.part === part)) {
      const after = afterCursor(branch, cursor);
      if (branch.kind === "comment") {
        for (const row of await listTimelineComments(database, after, want)) {
          entries.push({
            key: { part, createdAt: row.created_at, kind: "comment", id: row.id },
            blurt: { kind: "comment", comment: presentComment(row) },
          });
        }
      } else {
        for (const row of await listTimelinePredictions(database, branch.statuses, after, want)) {
          entries.push({
            key: { part, createdAt: row.created_at, kind: "prediction", id: row.id },
            blurt: { kind: "prediction", prediction: presentPrediction(row) },
          });
        }
      }
    }
  }
  entries.sort((a, b) => compareKeys(a.key, b.key));
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  return {
    blurts: page.map((entry) => entry.blurt),
    next: entries.length > query.limit && last ? blurtCursor(last.key) : null,
  };
}
