import type { Database } from "../../db/database.ts";

export async function insertSession(
  { db }: Database,
  session: { idHash: string; userId: string | null; isAdmin: boolean; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      is_admin: session.isAdmin ? 1 : 0,
      created_at: session.now,
      expires_at: session.expiresAt,
      last_seen_at: session.now,
    })
    .execute();
}

/** A live session with its member (if a member session, and the member is not deleted). */
export async function findSession({ db }: Database, idHash: string, now: number) {
  return db
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.is_admin",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "users.id as user_id",
      "users.handle",
      "users.username",
      "users.email",
      "users.avatar",
      "users.deleted_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

export async function touchSession({ db }: Database, idHash: string, now: number, expiresAt: number): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where("id_hash", "=", idHash)
    .execute();
}

export async function deleteSession({ db }: Database, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

export async function deleteExpiredSessions({ db }: Database, now: number): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}
