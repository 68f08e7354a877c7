import type { Insertable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { UserPredictionsTable } from "../../db/schema.ts";
import type { PredictionRow } from "./presenter.ts";

export async function insertPrediction({ db }: Db, row: Insertable<UserPredictionsTable>): Promise<void> {
  await db.insertInto("user_predictions").values(row).execute();
}

function withMember({ db }: Db) {
  return db
    .selectFrom("user_predictions")
    .innerJoin("users", "users.id", "user_predictions.user_id")
    .selectAll("user_predictions")
    .select(["users.handle", "users.username", "users.avatar"]);
}

export async function findPrediction(database: Db, id: string): Promise<PredictionRow | undefined> {
  return withMember(database).where("user_predictions.id", "=", id).executeTakeFirst();
}

/** Newest first; one member's when `userId` is given, else every member's who has not left. */
export async function listPredictions(
  database: Db,
  options: { userId?: string; before?: { createdAt: number; id: string }; limit: number },
): Promise<PredictionRow[]> {
  let query = withMember(database);
  if (options.userId) query = query.where("user_predictions.user_id", "=", options.userId);
  else query = query.where("users.deleted_at", "is", null);
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("user_predictions.created_at", "<", before.createdAt),
        eb.and([eb("user_predictions.created_at", "=", before.createdAt), eb("user_predictions.id", "<", before.id)]),
      ]),
    );
  }
  return query
    .orderBy("user_predictions.created_at", "desc")
    .orderBy("user_predictions.id", "desc")
    .limit(options.limit)
    .execute();
}
