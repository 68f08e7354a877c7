import type { BlurtFilter, BlurtSort } from "../../../contracts/community-catalog.ts";
import type { PredictionStatus } from "../../../contracts/gems-catalog.ts";

/*
 * The order of the Blurts timeline: with Winning, won predictions come first
 * (Losing: lost ones), then everything else; within each part newest first. Entries of
 * one millisecond are ordered prediction before comment, then by id, so the order is total
 * and a page's `next` can say exactly where the following page starts.
 */

export type BlurtKind = "comment" | "prediction";

/** An entry's place in the order: part (0 = the sort's status first), time, kind, id. */
export type BlurtKey = { part: 0 | 1; createdAt: number; kind: BlurtKind; id: string };

/**
 * One query's worth of the timeline: comments, or predictions of some statuses, all in
 * one part of the order.
 */
export type Branch =
  | { kind: "comment"; part: 0 | 1 }
  | { kind: "prediction"; part: 0 | 1; statuses: { in: PredictionStatus[] } | { notIn: PredictionStatus[] } };

const completed: PredictionStatus[] = ["won", "lost", "void"];

/** What the filter shows and the sort puts first, as the queries that fetch it, first part first. */
export function branchesOf(filter: BlurtFilter, sort: BlurtSort): Branch[] {
  const first: PredictionStatus | null = sort === "winning" ? "won" : sort === "losing" ? "lost" : null;
  const branches: Branch[] = [];
  if (filter === "all" || filter === "comments") branches.push({ kind: "comment", part: 1 });
  if (filter === "active") branches.push({ kind: "prediction", part: 1, statuses: { in: ["active"] } });
  if (filter === "all" || filter === "predictions" || filter === "completed") {
    const shown: PredictionStatus[] = filter === "completed" ? completed : [...completed, "active"];
    if (first) {
      branches.push({ kind: "prediction", part: 0, statuses: { in: [first] } });
      branches.push({ kind: "prediction", part: 1, statuses: { in: shown.filter((s) => s !== first) } });
    } else if (filter === "completed") {
      branches.push({ kind: "prediction", part: 1, statuses: { notIn: ["active"] } });
    } else {
      branches.push({ kind: "prediction", part: 1, statuses: { notIn: [] } });
    }
  }
  return branches.sort((a, b) => a.part - b.part);
}

const kindRank = (kind: BlurtKind) => (kind === "prediction" ? 1 : 0);

/** Negative when `a` comes before `b` in the timeline. */
export function compareKeys(a: BlurtKey, b: BlurtKey): number {
  return (
    a.part - b.part ||
    b.createdAt - a.createdAt ||
    kindRank(b.kind) - kindRank(a.kind) ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/**
 * Which of a branch's entries come after a cursor: all of them, none, or those older
 * than `createdAt` plus, of that very millisecond, all, none, or those with a smaller id.
 */
export type After =
  | { all: true }
  | { none: true }
  | { createdAt: number; sameTime: "all" | "none" | { idBelow: string } };

export function afterCursor(branch: Branch, cursor: BlurtKey | null): After {
  if (!cursor || branch.part > cursor.part) return { all: true };
  if (branch.part < cursor.part) return { none: true };
  const mine = kindRank(branch.kind);
  const theirs = kindRank(cursor.kind);
  if (mine < theirs) return { createdAt: cursor.createdAt, sameTime: "all" };
  if (mine > theirs) return { createdAt: cursor.createdAt, sameTime: "none" };
  return { createdAt: cursor.createdAt, sameTime: { idBelow: cursor.id } };
}

const CURSOR = /^([01])\.(\d{1,15})\.([cp])\.([\w-]{1,40})$/;

export const blurtCursor = (key: BlurtKey) =>
  `${key.part}.${key.createdAt}.${key.kind === "comment" ? "c" : "p"}.${key.id}`;

export function parseBlurtCursor(cursor: string): BlurtKey | null {
  const match = CURSOR.exec(cursor);
  if (!match) return null;
  return {
    part: match[1] === "0" ? 0 : 1,
    createdAt: Number(match[2]),
    kind: match[3] === "c" ? "comment" : "prediction",
    id: match[4] as string,
  };
}
