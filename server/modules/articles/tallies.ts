import type { Database } from "../../db/database.ts";
import type { VoteDirection } from "../../db/schema.ts";

/** A link's vote counts, the viewer's own vote on it, and how many comments it has. */
export type VoteTally = { votes: { up: number; down: number }; myVote: VoteDirection | null; comments: number };

export const NO_VOTES: VoteTally = { votes: { up: 0, down: 0 }, myVote: null, comments: 0 };

/** Links per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const TALLY_CHUNK = 500;

/**
 * Votes, the viewer's own vote and comment counts for every given link, two queries per
 * 500 links; links nobody voted on or commented on are absent from the map.
 */
export async function tallyArticles(
  database: Database,
  links: string[],
  viewerId: string | null,
): Promise<Map<string, VoteTally>> {
  const unique = [...new Set(links.filter(Boolean))];
  const tallies = new Map<string, VoteTally>();
  for (let start = 0; start < unique.length; start += TALLY_CHUNK) {
    const chunk = unique.slice(start, start + TALLY_CHUNK);
    for (const [link, tally] of await tallyChunk(database, chunk, viewerId)) tallies.set(link, tally);
    for (const [link, comments] of await countComments(database, chunk)) {
      tallies.set(link, { ...(tallies.get(link) ?? NO_VOTES), comments });
    }
  }
  return tallies;
}

async function tallyChunk({ db }: Database, links: string[], viewerId: string | null) {
  const rows = await db
    .selectFrom("article_votes")
    .select((eb) => [
      "link",
      eb.fn.sum<number>(eb.case().when("direction", "=", "up").then(1).else(0).end()).as("up"),
      eb.fn.sum<number>(eb.case().when("direction", "=", "down").then(1).else(0).end()).as("down"),
      viewerId === null
        ? eb.val<VoteDirection | null>(null).as("mine")
        : eb.fn
            .max(eb.case().when("user_id", "=", viewerId).then(eb.ref("direction")).end())
            .$castTo<VoteDirection | null>()
            .as("mine"),
    ])
    .where("link", "in", links)
    .groupBy("link")
    .execute();
  return rows.map(
    (row) =>
      [
        row.link,
        { votes: { up: Number(row.up), down: Number(row.down) }, myVote: row.mine ?? null, comments: 0 },
      ] as const,
  );
}

/** How many comments each link has (links without any are absent). */
async function countComments({ db }: Database, links: string[]): Promise<Array<[string, number]>> {
  const rows = await db
    .selectFrom("user_interactions")
    .select((eb) => ["content_id", eb.fn.countAll<number>().as("count")])
    .where("content_id", "in", links)
    .where("interaction_type", "=", "comment")
    .groupBy("content_id")
    .execute();
  return rows.map((row) => [row.content_id, Number(row.count)]);
}
