import type { Database } from "../../db/database.ts";

/**
 * Adds one view to a day's count for a route pattern in a single statement, so views
 * counted at the same moment by any number of requests or processes all add up.
 */
export async function countPageView({ db }: Database, day: string, route: string): Promise<void> {
  await db
    .insertInto("page_views")
    .values({ day, route, views: 1 })
    .onConflict((conflict) =>
      conflict.columns(["day", "route"]).doUpdateSet((eb) => ({ views: eb("page_views.views", "+", 1) })),
    )
    .execute();
}

/** Views per day from `first` to `last` (YYYY-MM-DD, inclusive); days without views are absent. */
export async function readDailyViews(
  { db }: Database,
  first: string,
  last: string,
): Promise<Array<{ day: string; views: number }>> {
  const rows = await db
    .selectFrom("page_views")
    .select((eb) => ["day", eb.fn.sum<number | string>("views").as("views")])
    .where("day", ">=", first)
    .where("day", "<=", last)
    .groupBy("day")
    .execute();
  // PostgreSQL sums BIGINT as NUMERIC, which arrives as a string.
  return rows.map((row) => ({ day: row.day, views: Number(row.views) }));
}

/** The `limit` most viewed route patterns from `first` to `last`, most views first. */
export async function readTopRoutes(
  { db }: Database,
  first: string,
  last: string,
  limit: number,
): Promise<Array<{ route: string; views: number }>> {
  const rows = await db
    .selectFrom("page_views")
    .select((eb) => ["route", eb.fn.sum<number | string>("views").as("views")])
    .where("day", ">=", first)
    .where("day", "<=", last)
    .groupBy("route")
    .orderBy("views", "desc")
    .orderBy("route")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ route: row.route, views: Number(row.views) }));
}
