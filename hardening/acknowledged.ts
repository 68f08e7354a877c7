/**
 * Writes the server acknowledged (answered 2xx), kept so a fault test can look for every
 * one of them in the database afterwards: "no lost comment, vote or favorite".
 */
import { expect } from "vitest";
import type { Database } from "../server/db/database.ts";
import { expectGemsInvariant } from "../server/test/gems-invariant.ts";
import { accounted, bankChecked, type Recorder } from "./tally.ts";

export type AcknowledgedWrites = {
  /** Comment ids (user_interactions.id) the API answered with. */
  comments: string[];
  /** Votes as they stand after the last acknowledged vote of each member on each link. */
  votes: Map<string, "up" | "down">;
  /** Favorites acknowledged and not removed since. */
  favorites: Set<string>;
};

const key = (userId: string, link: string) => `${userId}\u0000${link}`;

export function acknowledgedWrites() {
  const writes: AcknowledgedWrites = { comments: [], votes: new Map(), favorites: new Set() };
  return {
    writes,
    comment(id: string) {
      writes.comments.push(id);
    },
    vote(userId: string, link: string, direction: "up" | "down") {
      writes.votes.set(key(userId, link), direction);
    },
    favorite(userId: string, link: string) {
      writes.favorites.add(key(userId, link));
    },
    get size() {
      return writes.comments.length + writes.votes.size + writes.favorites.size;
    },
  };
}

/**
 * Every acknowledged comment, vote and favorite is in `database`; counts what was looked
 * for and what was missing on the test, and fails naming the first missing writes.
 */
export async function expectNothingLost(
  task: Recorder,
  database: Database,
  acknowledged: ReturnType<typeof acknowledgedWrites>,
): Promise<void> {
  const { writes } = acknowledged;
  const missing: string[] = [];
  const comments = new Set(
    (await database.db.selectFrom("user_interactions").select("id").execute()).map((row) => row.id),
  );
  for (const id of writes.comments) if (!comments.has(id)) missing.push(`comment ${id}`);
  const votes = new Map(
    (await database.db.selectFrom("article_votes").select(["user_id", "link", "direction"]).execute()).map((row) => [
      key(row.user_id, row.link),
      row.direction,
    ]),
  );
  for (const [at, direction] of writes.votes) {
    if (votes.get(at) !== direction) missing.push(`vote ${at.replace("\u0000", " on ")} (${direction})`);
  }
  const favorites = new Set(
    (await database.db.selectFrom("favorites").select(["user_id", "link"]).execute()).map((row) =>
      key(row.user_id, row.link),
    ),
  );
  for (const at of writes.favorites) if (!favorites.has(at)) missing.push(`favorite ${at.replace("\u0000", " on ")}`);
  accounted(task, acknowledged.size, missing.length);
  expect(missing.slice(0, 10), `${missing.length} of ${acknowledged.size} acknowledged writes missing`).toEqual([]);
}

/** The GEMS bank invariant for every member (server/test/gems-invariant.ts), counted on the test. */
export async function expectBankHolds(task: Recorder, database: Database): Promise<void> {
  await expectGemsInvariant(database);
  bankChecked(task);
}
