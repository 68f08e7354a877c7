import { sql } from "kysely";
import type { Db, DbWithDialect } from "../../db/database.ts";
import type { UserInteractionsTable } from "../../db/schema.ts";
import type { CommentRow } from "./comments-presenter.ts";

/** A database or a transaction: anything with a Kysely handle. */

/** The cause a comment's notifications carry (unique per member). */
export const commentCause = (commentId: string) => `comment:${commentId}`;

export async function insertComment({ db }: Db, row: UserInteractionsTable): Promise<void> {
  await db.insertInto("user_interactions").values(row).execute();
}

function withAuthor({ db }: Db) {
  return db
    .selectFrom("user_interactions")
    .innerJoin("users", "users.id", "user_interactions.user_id")
    .selectAll("user_interactions")
    .select(["users.handle", "users.username", "users.avatar"])
    .where("user_interactions.interaction_type", "=", "comment");
}

export async function findComment(database: Db, id: string): Promise<CommentRow | undefined> {
  return withAuthor(database).where("user_interactions.id", "=", id).executeTakeFirst();
}

/** One discussion, newest first, after the cursor (time, then id, both descending). */
export async function listComments(
  database: Db,
  options: { contentId: string; before?: { createdAt: number; id: string }; limit: number },
): Promise<CommentRow[]> {
  let query = withAuthor(database).where("user_interactions.content_id", "=", options.contentId);
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("user_interactions.created_at", "<", before.createdAt),
        eb.and([eb("user_interactions.created_at", "=", before.createdAt), eb("user_interactions.id", "<", before.id)]),
      ]),
    );
  }
  return query
    .orderBy("user_interactions.created_at", "desc")
    .orderBy("user_interactions.id", "desc")
    .limit(options.limit)
    .execute();
}

export async function countCommentsOn({ db }: Db, contentId: string): Promise<number> {
  const row = await db
    .selectFrom("user_interactions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("content_id", "=", contentId)
    .where("interaction_type", "=", "comment")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The title the discussion's latest comment was stored with, or undefined when it has none. */
export async function discussionTitle({ db }: Db, contentId: string): Promise<{ title: string | null } | undefined> {
  const row = await db
    .selectFrom("user_interactions")
    .select("content_title")
    .where("content_id", "=", contentId)
    .where("interaction_type", "=", "comment")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { title: row.content_title };
}

export async function updateCommentContent(
  { db }: Db,
  id: string,
  change: { content: string; editedAt: number },
): Promise<void> {
  await db
    .updateTable("user_interactions")
    .set({ content: change.content, edited_at: change.editedAt })
    .where("id", "=", id)
    .execute();
}

/** Deletes a comment and the notifications it caused. Call inside one transaction. */
export async function deleteCommentWithNotifications({ db }: Db, id: string): Promise<void> {
  await db.deleteFrom("notifications").where("cause", "=", commentCause(id)).execute();
  await db.deleteFrom("user_interactions").where("id", "=", id).execute();
}

/** Deletes every comment of a member and the notifications they caused (account deletion). */
export async function deleteCommentsOf({ db }: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("notifications")
    .where("cause", "in", (eb) =>
      eb
        .selectFrom("user_interactions")
        .select(sql<string>`'comment:' || user_interactions.id`.as("cause"))
        .where("user_interactions.user_id", "=", userId),
    )
    .execute();
  await db.deleteFrom("user_interactions").where("user_id", "=", userId).execute();
}

/**
 * Who hears of a new comment on `contentId`: members (not deleted, not the commenter)
 * who commented on it or keep it in their favorites, sorted by id.
 */
export async function discussionMembers({ db }: Db, contentId: string, commenterId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("deleted_at", "is", null)
    .where("id", "!=", commenterId)
    .where((eb) =>
      eb.or([
        eb(
          "id",
          "in",
          eb
            .selectFrom("user_interactions")
            .select("user_id")
            .where("content_id", "=", contentId)
            .where("interaction_type", "=", "comment"),
        ),
        eb("id", "in", eb.selectFrom("favorites").select("user_id").where("link", "=", contentId)),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Members (not deleted) with these handles (lower-cased), by id. */
export async function membersByHandle({ db }: Db, handleKeys: string[]): Promise<string[]> {
  if (handleKeys.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("handle_key", "in", handleKeys)
    .where("deleted_at", "is", null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Whether the commenter is still a member, holding their row against an account deletion
 * until the transaction ends. PostgreSQL's KEY SHARE lock waits for a deletion in progress
 * (which locks the row FOR UPDATE) yet never for a notification raising their number, so
 * two members commenting on each other's discussion cannot deadlock. SQLite runs one
 * writer at a time already.
 */
export async function holdActiveMember({ db, dialect }: DbWithDialect, userId: string) {
  let query = db.selectFrom("users").select("id").where("id", "=", userId).where("deleted_at", "is", null);
  if (dialect === "postgres") query = query.forKeyShare();
  return (await query.executeTakeFirst()) !== undefined;
}
