import { type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { PredictionRow } from "../gems/presenter.ts";
import type { After, Branch } from "./blurts-order.ts";
import type { CommentRow } from "./comments-presenter.ts";

type Db = Pick<Database, "db">;

/** The rows of one table that come after the cursor, as `after` says (the caller skips `none`). */
function afterCondition(table: "user_interactions" | "user_predictions", after: After) {
  if ("all" in after || "none" in after) return sql<SqlBool>`1 = 1`;
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  if (after.sameTime === "none") return sql<SqlBool>`${createdAt} < ${after.createdAt}`;
  if (after.sameTime === "all") return sql<SqlBool>`${createdAt} <= ${after.createdAt}`;
  return sql<SqlBool>`(${createdAt} < ${after.createdAt} or (${createdAt} = ${after.createdAt} and ${id} < ${after.sameTime.idBelow}))`;
}

/** Comments by members who have not left, newest first, after the cursor. */
export async function listTimelineComments({ db }: Db, after: After, limit: number): Promise<CommentRow[]> {
  if ("none" in after) return [];
  return db
    .selectFrom("user_interactions")
    .innerJoin("users", "users.id", "user_interactions.user_id")
    .selectAll("user_interactions")
    .select(["users.handle", "users.username", "users.avatar"])
    .where("user_interactions.interaction_type", "=", "comment")
    .where("users.deleted_at", "is", null)
    .where(afterCondition("user_interactions", after))
    .orderBy("user_interactions.created_at", "desc")
    .orderBy("user_interactions.id", "desc")
    .limit(limit)
    .execute();
}

/** Predictions of the branch's statuses by members who have not left, newest first, after the cursor. */
export async function listTimelinePredictions(
  { db }: Db,
  statuses: Extract<Branch, { kind: "prediction" }>["statuses"],
  after: After,
  limit: number,
): Promise<PredictionRow[]> {
  if ("none" in after) return [];
  let query = db
    .selectFrom("user_predictions")
    .innerJoin("users", "users.id", "user_predictions.user_id")
    .selectAll("user_predictions")
    .select(["users.handle", "users.username", "users.avatar"])
    .where("users.deleted_at", "is", null)
    .where(afterCondition("user_predictions", after));
  if ("in" in statuses) query = query.where("user_predictions.status", "in", statuses.in);
  else if (statuses.notIn.length > 0) query = query.where("user_predictions.status", "not in", statuses.notIn);
  return query
    .orderBy("user_predictions.created_at", "desc")
    .orderBy("user_predictions.id", "desc")
    .limit(limit)
    .execute();
}
