import { type SqlBool, sql } from "kysely";
import type { DbWithDialect } from "../../db/database.ts";
import type { PredictionRow } from "../gems/index.ts";
import type { After, Branch } from "./blurts-order.ts";
import type { CommentRow } from "./comments-presenter.ts";

type Table = "user_interactions" | "user_predictions";

/**
 * A row's id as the timeline orders it: by code unit, as JavaScript compares strings
 * (blurts-order.ts merges the kinds' rows in JavaScript). PostgreSQL would otherwise use
 * the database's collation (en-US puts "_x" before "aa" before "Ba"), and a page's end
 * would not be where the next page's query starts. SQLite compares bytes already.
 */
function idOf({ dialect }: DbWithDialect, table: Table) {
  const id = sql.ref(`${table}.id`);
  return dialect === "postgres" ? sql<string>`${id} collate "C"` : sql<string>`${id}`;
}

/** The rows of one table that come after the cursor, as `after` says (the caller skips `none`). */
function afterCondition(database: DbWithDialect, table: Table, after: After) {
  if ("all" in after || "none" in after) return sql<SqlBool>`1 = 1`;
  const createdAt = sql.ref(`${table}.created_at`);
  const id = idOf(database, table);
  if (after.sameTime === "none") return sql<SqlBool>`${createdAt} < ${after.createdAt}`;
  if (after.sameTime === "all") return sql<SqlBool>`${createdAt} <= ${after.createdAt}`;
  return sql<SqlBool>`(${createdAt} < ${after.createdAt} or (${createdAt} = ${after.createdAt} and ${id} < ${after.sameTime.idBelow}))`;
}

/** Comments by members who have not left, newest first, after the cursor. */
export async function listTimelineComments(
  database: DbWithDialect,
  after: After,
  limit: number,
): Promise<CommentRow[]> {
  if ("none" in after) return [];
  return database.db
    .selectFrom("user_interactions")
    .innerJoin("users", "users.id", "user_interactions.user_id")
    .selectAll("user_interactions")
    .select(["users.handle", "users.username", "users.avatar"])
    .where("user_interactions.interaction_type", "=", "comment")
    .where("users.deleted_at", "is", null)
    .where(afterCondition(database, "user_interactions", after))
    .orderBy("user_interactions.created_at", "desc")
    .orderBy(idOf(database, "user_interactions"), "desc")
    .limit(limit)
    .execute();
}

/** Predictions of the branch's statuses by members who have not left, newest first, after the cursor. */
export async function listTimelinePredictions(
  database: DbWithDialect,
  statuses: Extract<Branch, { kind: "prediction" }>["statuses"],
  after: After,
  limit: number,
): Promise<PredictionRow[]> {
  if ("none" in after) return [];
  let query = database.db
    .selectFrom("user_predictions")
    .innerJoin("users", "users.id", "user_predictions.user_id")
    .selectAll("user_predictions")
    .select(["users.handle", "users.username", "users.avatar"])
    .where("users.deleted_at", "is", null)
    .where(afterCondition(database, "user_predictions", after));
  if ("in" in statuses) query = query.where("user_predictions.status", "in", statuses.in);
  else if (statuses.notIn.length > 0) query = query.where("user_predictions.status", "not in", statuses.notIn);
  return query
    .orderBy("user_predictions.created_at", "desc")
    .orderBy(idOf(database, "user_predictions"), "desc")
    .limit(limit)
    .execute();
}
