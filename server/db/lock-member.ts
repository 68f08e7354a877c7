import type { DbWithDialect } from "./database.ts";

/**
 * Serialises a member's concurrent writes until the transaction ends. SQLite runs one
 * writer at a time already; PostgreSQL needs the member's row locked.
 */
export async function lockMember({ db, dialect }: DbWithDialect, userId: string): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
