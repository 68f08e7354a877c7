import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db, DbWithDialect } from "../../db/database.ts";
import type { NotificationKind, NotificationsTable } from "../../db/schema.ts";

type Tx = DbWithDialect;

/**
 * Each member keeps at most this many notifications. Past it, read ones go first (oldest
 * first), then unread comments and mentions, and unread prediction outcomes last.
 */
export const NOTIFICATIONS_KEPT = 500;
/**
 * A member with this many unread notifications caused by one other member gets no more
 * from them until they read some: one member's comments alone (mentions included) cannot
 * push the recipient's other notifications out of the newest NOTIFICATIONS_KEPT.
 */
export const UNREAD_PER_ACTOR = 10;
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
  /** The member who caused it (a comment's author); null when nobody did (a prediction's outcome). */
  actorId: string | null;
};

/**
 * Writes notifications inside the transaction of their cause, at most one per member.
 * Each gets the member's next number (`users.notification_seq + 1`). Recipients are
 * locked in id order — the same order in every transaction, so two fan-outs sharing
 * recipients wait for each other instead of deadlocking — and the lock holds until
 * commit, so one member's notifications commit in the order of their numbers. FOR NO
 * KEY UPDATE (not FOR UPDATE) leaves the KEY SHARE locks of foreign keys alone: a
 * recipient writing a comment of their own is not held up. Members gone meanwhile are
 * skipped, and so are members who already have UNREAD_PER_ACTOR unread from the same
 * actor (counted under the lock, so two comments at once cannot both pass). Members
 * past NOTIFICATIONS_KEPT are trimmed.
 */
export async function insertNotifications(
  { db, dialect }: Tx,
  notifications: NewNotification[],
  now: number,
): Promise<void> {
  const sorted = [...notifications].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const locked = sorted.slice(start, start + CHUNK);
    if (dialect === "postgres") {
      const ids = locked.map((notification) => notification.userId);
      await db.selectFrom("users").select("id").where("id", "in", ids).orderBy("id").forNoKeyUpdate().execute();
    }
    const capped = await atUnreadCap({ db }, locked);
    const chunk = locked.filter(
      (notification) =>
        notification.actorId === null || !capped.has(pairKey(notification.userId, notification.actorId)),
    );
    if (chunk.length === 0) continue;
    const ids = chunk.map((notification) => notification.userId);
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
          actor_id: notification.actorId,
          read_at: null,
          created_at: now,
        },
      ];
    });
    if (rows.length === 0) continue;
    await db.insertInto("notifications").values(rows).execute();
    await trimNotifications({ db }, ids);
  }
}

const pairKey = (userId: string, actorId: string) => `${userId} ${actorId}`;

/** The (recipient, actor) pairs of `notifications` whose recipient already has UNREAD_PER_ACTOR unread from that actor. */
async function atUnreadCap({ db }: Db, notifications: NewNotification[]): Promise<Set<string>> {
  const actors = [...new Set(notifications.flatMap((notification) => notification.actorId ?? []))];
  if (actors.length === 0) return new Set();
  const rows = await db
    .selectFrom("notifications")
    .select(["user_id", "actor_id"])
    .where("actor_id", "in", actors)
    .where(
      "user_id",
      "in",
      notifications.map((notification) => notification.userId),
    )
    .where("read_at", "is", null)
    .groupBy(["user_id", "actor_id"])
    .having((eb) => eb.fn.countAll(), ">=", UNREAD_PER_ACTOR)
    .execute();
  return new Set(rows.map((row) => pairKey(row.user_id, row.actor_id ?? "")));
}

/**
 * Brings each of these members back to NOTIFICATIONS_KEPT notifications: read ones go
 * first, then unread ones other than prediction outcomes, then those; oldest first
 * within each. Numbers are unique, so a member past the limit has one numbered at or
 * below (latest - NOTIFICATIONS_KEPT): only such members (an index probe each) are
 * ranked, at most NOTIFICATIONS_KEPT + 1 rows each.
 */
async function trimNotifications({ db }: Db, userIds: string[]): Promise<void> {
  const over = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", userIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("notifications")
          .select("notifications.id")
          .whereRef("notifications.user_id", "=", "users.id")
          .where("notifications.seq", "<=", sql<number>`users.notification_seq - ${NOTIFICATIONS_KEPT}`),
      ),
    )
    .execute();
  if (over.length === 0) return;
  const ranked = db
    .selectFrom("notifications")
    .select([
      "id",
      sql<number>`row_number() over (
        partition by user_id
        order by case when read_at is not null then 0 when kind = 'prediction' then 2 else 1 end desc, seq desc
      )`.as("place"),
    ])
    .where(
      "user_id",
      "in",
      over.map((row) => row.id),
    )
    .as("ranked");
  await db
    .deleteFrom("notifications")
    .where("id", "in", (eb) => eb.selectFrom(ranked).select("ranked.id").where("ranked.place", ">", NOTIFICATIONS_KEPT))
    .execute();
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
