import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/database.ts";
import { escapeLike } from "../../db/like.ts";

/**
 * Whether any of `columns` contains the typed text, ignoring case: ILIKE on PostgreSQL,
 * LIKE on SQLite (which ignores case for A–Z only). `%`, `_` and `!` are plain characters.
 * The admin's lists are small, so a row-by-row match is enough.
 */
export function containsText<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  dialect: Dialect,
  columns: string[],
  typed: string,
): Expression<SqlBool> {
  const pattern = `%${escapeLike(typed.replace(/\s+/g, " ").trim())}%`;
  const like = dialect === "postgres" ? sql.raw("ILIKE") : sql.raw("LIKE");
  return eb.or(columns.map((column) => sql<SqlBool>`${sql.ref(column)} ${like} ${pattern} ESCAPE '!'`));
}

/** A page's `next`: the last row's sort value and id. */
export const pageCursor = (value: number, id: string) => `${value}.${id}`;

const CURSOR = /^(\d{1,16})\.([\w-]{1,64})$/;

/** The sort value and id a `before` names, or null when it is no page's `next`. */
export function parsePageCursor(cursor: string): { value: number; id: string } | null {
  const match = CURSOR.exec(cursor);
  if (!match) return null;
  return { value: Number(match[1]), id: match[2] as string };
}
