import type { Insertable, Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { FavoritesTable, VoteDirection } from "../../db/schema.ts";

export type FavoriteRow = Selectable<FavoritesTable>;

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

/** Sets the member's vote on a link; voting the same way again changes nothing. */
export async function saveVote(
  { db }: Pick<Database, "db">,
  vote: { userId: string; link: string; direction: VoteDirection; now: number },
): Promise<void> {
  await db
    .insertInto("article_votes")
    .values({ user_id: vote.userId, link: vote.link, direction: vote.direction, created_at: vote.now })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "link"])
        .doUpdateSet({ direction: vote.direction, created_at: vote.now })
        .where("article_votes.direction", "!=", vote.direction),
    )
    .execute();
}

export async function deleteVote({ db }: Pick<Database, "db">, userId: string, link: string): Promise<void> {
  await db.deleteFrom("article_votes").where("user_id", "=", userId).where("link", "=", link).execute();
}

/** Removes every vote a member cast, so they stop counting (account deletion). */
export async function deleteVotesOf({ db }: Pick<Database, "db">, userId: string): Promise<void> {
  await db.deleteFrom("article_votes").where("user_id", "=", userId).execute();
}

/** The member's favorites, most recently added first. */
export async function listFavorites({ db }: Database, userId: string, limit: number): Promise<FavoriteRow[]> {
  return db
    .selectFrom("favorites")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("link")
    .limit(limit)
    .execute();
}

export async function hasFavorite({ db }: Pick<Database, "db">, userId: string, link: string): Promise<boolean> {
  const row = await db
    .selectFrom("favorites")
    .select("link")
    .where("user_id", "=", userId)
    .where("link", "=", link)
    .executeTakeFirst();
  return row !== undefined;
}

/** The title of the latest favorite snapshot of a link, whoever keeps it; undefined when nobody does. */
export async function favoriteTitle({ db }: Pick<Database, "db">, link: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("favorites")
    .select("title")
    .where("link", "=", link)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.title;
}

/** How many favorites the member keeps, and when the latest was added. */
export async function favoriteStats(
  { db }: Pick<Database, "db">,
  userId: string,
): Promise<{ count: number; latest: number | null }> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("created_at").as("latest")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest === null ? null : Number(row.latest) };
}

export async function insertFavorite({ db }: Pick<Database, "db">, row: Insertable<FavoritesTable>): Promise<void> {
  await db
    .insertInto("favorites")
    .values(row)
    .onConflict((conflict) => conflict.columns(["user_id", "link"]).doNothing())
    .execute();
}

export async function deleteFavorite({ db }: Pick<Database, "db">, userId: string, link: string): Promise<void> {
  await db.deleteFrom("favorites").where("user_id", "=", userId).where("link", "=", link).execute();
}

/**
 * Serialises a member's concurrent writes until the transaction ends. SQLite runs one
 * writer at a time already; PostgreSQL needs the member's row locked.
 */
export async function lockMember({ db, dialect }: Pick<Database, "db" | "dialect">, userId: string): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
