import { randomBytes } from "node:crypto";
import type { Event, EventInput } from "../../../contracts/content.ts";
import { sampleEvents } from "../../../contracts/sample-events.ts";
import type { Database } from "../../db/database.ts";
import type { EventsTable } from "../../db/schema.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import {
  deleteEvent as deleteEventRow,
  findEvent,
  insertEvent,
  listCurrentEvents,
  listPastEvents,
  searchEvents,
  updateEvent as updateEventRow,
} from "./repository.ts";
import { pageCursor, parsePageCursor } from "./search.ts";

/** Most events the public list carries: the home page shows a row of them. */
export const PUBLIC_EVENTS = 50;

/** Random, short (22 characters) and safe in a URL. */
export const newContentId = () => randomBytes(16).toString("base64url");

export const eventNotFound = () => notFound("Event not found");

export function presentEvent(row: EventsTable): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: new Date(row.start_date).toISOString(),
    endDate: new Date(row.end_date).toISOString(),
    location: { city: row.city, country: row.country },
    website: row.website,
    imageUrl: row.image_url,
  };
}

/**
 * The events to show: those not yet ended first, soonest start first, then the ones that
 * have ended, the most recent first. While none is stored the built-in samples stand in,
 * marked as such.
 */
export async function listEvents(database: Database, now = Date.now()): Promise<{ events: Event[]; sample: boolean }> {
  const current = await listCurrentEvents(database, now, PUBLIC_EVENTS);
  const past =
    current.length < PUBLIC_EVENTS ? await listPastEvents(database, now, PUBLIC_EVENTS - current.length) : [];
  const stored = [...current, ...past];
  if (stored.length > 0) return { events: stored.map(presentEvent), sample: false };
  const samples = [...sampleEvents].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return { events: samples, sample: true };
}

/** The admin's list: newest start first, searched, a page at a time. */
export async function listAdminEvents(
  database: Database,
  query: { q?: string; before?: string; limit: number },
): Promise<{ events: Event[]; next: string | null }> {
  const before = query.before === undefined ? undefined : parsePageCursor(query.before);
  if (before === null) throw invalidRequest("querystring.before: must be a page's `next`");
  const rows = await searchEvents(database, { q: query.q, before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(presentEvent),
    next: rows.length > query.limit && last ? pageCursor(last.start_date, last.id) : null,
  };
}

function eventValues(input: EventInput, now: number) {
  return {
    title: input.title,
    description: input.description,
    start_date: Date.parse(input.startDate),
    end_date: Date.parse(input.endDate),
    city: input.location.city,
    country: input.location.country,
    website: input.website,
    image_url: input.imageUrl,
    updated_at: now,
  };
}

export async function createEvent(database: Database, input: EventInput, now = Date.now()): Promise<Event> {
  const row: EventsTable = { id: newContentId(), created_at: now, ...eventValues(input, now) };
  await insertEvent(database, row);
  return presentEvent(row);
}

export async function updateEvent(database: Database, id: string, input: EventInput, now = Date.now()) {
  if (!(await updateEventRow(database, id, eventValues(input, now)))) throw eventNotFound();
  const row = await findEvent(database, id);
  if (!row) throw eventNotFound();
  return presentEvent(row);
}

export async function deleteEvent(database: Database, id: string): Promise<void> {
  if (!(await deleteEventRow(database, id))) throw eventNotFound();
}
