import type { Database } from "../../db/database.ts";
import type { EventsTable } from "../../db/schema.ts";
import { containsText } from "./search.ts";

/** Events that have not ended (ongoing or upcoming), soonest start first. */
export async function listCurrentEvents({ db }: Database, now: number, limit: number): Promise<EventsTable[]> {
  return db
    .selectFrom("events")
    .selectAll()
    .where("end_date", ">=", now)
    .orderBy("start_date", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

/** Events that have ended, the most recently ended first. */
export async function listPastEvents({ db }: Database, now: number, limit: number): Promise<EventsTable[]> {
  return db
    .selectFrom("events")
    .selectAll()
    .where("end_date", "<", now)
    .orderBy("end_date", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The admin's list: newest start first, after the cursor, optionally only those containing `q`. */
export async function searchEvents(
  { db, dialect }: Database,
  options: { q?: string; before?: { value: number; id: string }; limit: number },
): Promise<EventsTable[]> {
  let query = db.selectFrom("events").selectAll();
  const { q, before } = options;
  if (q) query = query.where((eb) => containsText(eb, dialect, ["title", "description", "city", "country"], q));
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("start_date", "<", before.value),
        eb.and([eb("start_date", "=", before.value), eb("id", "<", before.id)]),
      ]),
    );
  }
  return query.orderBy("start_date", "desc").orderBy("id", "desc").limit(options.limit).execute();
}

export async function findEvent({ db }: Database, id: string): Promise<EventsTable | undefined> {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertEvent({ db }: Database, row: EventsTable): Promise<void> {
  await db.insertInto("events").values(row).execute();
}

/** Replaces an event's fields; false when there is no such event. */
export async function updateEvent(
  { db }: Database,
  id: string,
  values: Omit<EventsTable, "id" | "created_at">,
): Promise<boolean> {
  const result = await db.updateTable("events").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEvent({ db }: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom("events").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
