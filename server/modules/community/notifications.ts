import type { Notification } from "../../../contracts/community.ts";
import type { Database } from "../../db/database.ts";
import { notFound } from "../../errors.ts";
import { countUnread, latestSeqs, listNotifications, markAllRead, markRead } from "../notifications/index.ts";
import { presentNotification } from "./notifications-presenter.ts";

/** The member's latest notification number and how many are unread. */
export async function notificationState(database: Database, userId: string): Promise<{ seq: number; unread: number }> {
  const seq = (await latestSeqs(database, [userId])).get(userId) ?? 0;
  return { seq, unread: await countUnread(database, userId) };
}

/** The member's notifications, newest first, a page at a time, with the unread count. */
export async function getNotifications(
  database: Database,
  userId: string,
  query: { before?: number; limit: number },
): Promise<{ notifications: Notification[]; unread: number; next: number | null; seq: number }> {
  // The number first: a notification made while the page is read is then still "after seq".
  const latest = (await latestSeqs(database, [userId])).get(userId) ?? 0;
  const rows = await listNotifications(database, userId, { before: query.before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(presentNotification),
    unread: await countUnread(database, userId),
    next: rows.length > query.limit && last ? last.seq : null,
    // One committed between the two reads is listed but numbered above `latest`; a
    // read-all through `latest` would leave it unread. A member's notifications commit
    // in number order, so every one up to the highest listed is committed: that number
    // is as safe to read through as `latest`.
    seq: Math.max(latest, ...page.map((row) => row.seq)),
  };
}

/** A notification clicked: unread to read (again is fine); 404 for one that is not the member's. */
export async function readNotification(
  database: Database,
  userId: string,
  id: string,
  now = Date.now(),
): Promise<{ unread: number }> {
  if (!(await markRead(database, userId, id, now))) throw notFound("Notification not found");
  return { unread: await countUnread(database, userId) };
}

/**
 * 'Mark all as read': every unread notification, or only those numbered up to `through`
 * (the ones the member has seen), so one that arrived meanwhile stays unread.
 */
export async function readAllNotifications(
  database: Database,
  userId: string,
  through?: number,
  now = Date.now(),
): Promise<{ unread: number }> {
  await markAllRead(database, userId, now, through);
  return { unread: await countUnread(database, userId) };
}
