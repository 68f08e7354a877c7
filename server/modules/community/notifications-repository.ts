import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { NotificationKind, NotificationsTable } from "../../db/schema.ts";

type Db = Pick<Database, "db">;
type Tx = Pick<Database, "db" | "dialect">;

/** Each member keeps at most this many notifications, the newest. */
export const NOTIFICATIONS_KEPT = 500;
/** Notifications are deleted this long after they were made. */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 3_600_000;

/** Members per statement: far below both databases' limits on bound parameters. */
const CHUNK = 200;

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  title: string;
  description: string;
  target: string | null;
  cause: string;
};

/**
 * Writes notifications inside the transaction of their cause, at most one per member.
 * Each gets the member's next number (`users.notification_seq + 1`). Recipients are
 * locked in id order — the same order in every transaction, so two fan-outs sharing
 * recipients wait for each other instead of deadlocking — and the lock holds until
 * commit, so one member's notifications commit in the order of their numbers. FOR NO
 * KEY UPDATE (not FOR UPDATE) leaves the KEY SHARE locks of foreign keys alone: a
 * recipient writing a comment of their own is not held up. Members gone meanwhile are
 * skipped. Each member's oldest notifications past NOTIFICATIONS_KEPT are dropped.
 */
export async function insertNotifications(
  { db, dialect }: Tx,
  notifications: NewNotification[],
  now: number,
): Promise<void> {
  const sorted = [...notifications].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    const ids = chunk.map((notification) => notification.userId);
    if (dialect === "postgres") {
      await db.selectFrom("users").select("id").where("id", "in", ids).orderBy("id").forNoKeyUpdate().execute();
    }
    const raised = await db
      .updateTable("users")
      .set({ notification_seq: sql`notification_seq + 1` })
      .where("id", "in", ids)
      .returning(["id", "notification_seq"])
      .execute();
    const seqOf = new Map(raised.map((row) => [row.id, Number(row.notification_seq)]));
    const rows: NotificationsTable[] = chunk.flatMap((notification) => {
      const seq = seqOf.get(notification.userId);
      if (seq === undefined) return [];
      return [
        {
          id: randomUUID(),
          user_id: notification.userId,
          seq,
          kind: notification.kind,
          title: notification.title,
          description: notification.description,
          target: notification.target,
          cause: notification.cause,
          read_at: null,
          created_at: now,
        },
      ];
    });
    if (rows.length === 0) continue;
    await db.insertInto("notifications").values(rows).execute();
    await db
      .deleteFrom("notifications")
      .where("user_id", "in", ids)
      .where("seq", "<=", (eb) =>
        eb
          .selectFrom("users")
          .select(sql<number>`users.notification_seq - ${NOTIFICATIONS_KEPT}`.as("oldest_dropped"))
          .whereRef("users.id", "=", "notifications.user_id"),
      )
      .execute();
  }
}

/** A cause's notifications get a new description (an edited comment's preview). */
export async function redescribeNotifications({ db }: Db, cause: string, description: string): Promise<void> {
  await db.updateTable("notifications").set({ description }).where("cause", "=", cause).execute();
}

/** The member's notifications, newest first, numbered below `before`. */
export async function listNotifications(
  { db }: Db,
  userId: string,
  options: { before?: number; limit: number },
): Promise<NotificationsTable[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .$if(options.before !== undefined, (query) => query.where("seq", "<", options.before as number))
    .orderBy("seq", "desc")
    .limit(options.limit)
    .execute();
}

/** The member's notifications numbered in (after, through], oldest first. */
export async function notificationsBetween(
  { db }: Db,
  userId: string,
  range: { after: number; through: number; limit: number },
): Promise<NotificationsTable[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("seq", ">", range.after)
    .where("seq", "<=", range.through)
    .orderBy("seq")
    .limit(range.limit)
    .execute();
}

/** How many of the member's notifications are unread; only those numbered up to `through` when given. */
export async function countUnread({ db }: Db, userId: string, through?: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .$if(through !== undefined, (query) => query.where("seq", "<=", through as number))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The number of each member's latest notification (members not found are absent). */
export async function latestSeqs({ db }: Db, userIds: string[]): Promise<Map<string, number>> {
  const seqs = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "notification_seq"])
      .where("id", "in", userIds.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) seqs.set(row.id, Number(row.notification_seq));
  }
  return seqs;
}

/** Marks one of the member's notifications read; false when the member has no such notification. */
export async function markRead({ db }: Db, userId: string, id: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("notifications")
    .select("read_at")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) {
    await db
      .updateTable("notifications")
      .set({ read_at: now })
      .where("id", "=", id)
      .where("read_at", "is", null)
      .execute();
  }
  return true;
}

/** Marks the member's unread notifications read: all, or those numbered up to `through`. */
export async function markAllRead({ db }: Db, userId: string, now: number, through?: number): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .$if(through !== undefined, (query) => query.where("seq", "<=", through as number))
    .execute();
}

/** Deletes notifications made before `olderThan` (the retention job). */
export async function pruneNotifications({ db }: Db, olderThan: number): Promise<number> {
  const result = await db.deleteFrom("notifications").where("created_at", "<", olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
