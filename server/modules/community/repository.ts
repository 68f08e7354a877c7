import type { Insertable, Selectable } from "kysely";
import type { Database, Db } from "../../db/database.ts";
import type { FavoritesTable, VoteDirection } from "../../db/schema.ts";

export type FavoriteRow = Selectable<FavoritesTable>;

/** Sets the member's vote on a link; voting the same way again changes nothing. */
export async function saveVote(
  { db }: Db,
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

export async function deleteVote({ db }: Db, userId: string, link: string): Promise<void> {
  await db.deleteFrom("article_votes").where("user_id", "=", userId).where("link", "=", link).execute();
}

/** Removes every vote a member cast, so they stop counting (account deletion). */
export async function deleteVotesOf({ db }: Db, userId: string): Promise<void> {
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

export async function hasFavorite({ db }: Db, userId: string, link: string): Promise<boolean> {
  const row = await db
    .selectFrom("favorites")
    .select("link")
    .where("user_id", "=", userId)
    .where("link", "=", link)
    .executeTakeFirst();
  return row !== undefined;
}

/** The title of the latest favorite snapshot of a link, whoever keeps it; undefined when nobody does. */
export async function favoriteTitle({ db }: Db, link: string): Promise<string | undefined> {
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
export async function favoriteStats({ db }: Db, userId: string): Promise<{ count: number; latest: number | null }> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("created_at").as("latest")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest === null ? null : Number(row.latest) };
}

export async function insertFavorite({ db }: Db, row: Insertable<FavoritesTable>): Promise<void> {
  await db
    .insertInto("favorites")
    .values(row)
    .onConflict((conflict) => conflict.columns(["user_id", "link"]).doNothing())
    .execute();
}

export async function deleteFavorite({ db }: Db, userId: string, link: string): Promise<void> {
  await db.deleteFrom("favorites").where("user_id", "=", userId).where("link", "=", link).execute();
}
