import type { Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { UsersTable } from "../../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

export async function findUserByHandle({ db }: Database, handleKey: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("handle_key", "=", handleKey).executeTakeFirst();
}
