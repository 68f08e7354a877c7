import { sql } from "kysely";
import type { Database } from "../../db/database.ts";

/** Round-trips a trivial query to prove the database answers. */
export async function pingDatabase({ db }: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
