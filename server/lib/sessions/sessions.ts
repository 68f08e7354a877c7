import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/database.ts";
import { deleteSession, findSession, insertSession, touchSession } from "./repository.ts";

/** Member sessions last 30 days from the last visit; the expiry is pushed back at most once an hour. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Admin sessions end 12 hours after sign-in, however busy. */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Only a hash of the session id is stored: a leaked table opens no session. */
export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

/** Opens a session and returns its id (128 random bits) for the cookie. */
export async function openSession(
  database: Database,
  owner: { userId: string } | { admin: true },
  now: number = Date.now(),
): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await insertSession(database, {
    idHash: hashSessionId(id),
    userId: "userId" in owner ? owner.userId : null,
    isAdmin: "admin" in owner,
    now,
    expiresAt: now + ("admin" in owner ? ADMIN_SESSION_TTL_MS : SESSION_TTL_MS),
  });
  return id;
}

export type SessionOwner = {
  member: { id: string; handle: string; username: string | null; email: string | null; avatar: string | null } | null;
  admin: boolean;
};

/**
 * Sessions just read, per database, for SQLite only: while its change stamp stands still
 * nothing at all was written, by any process — no sign-out, no deletion, no new expiry —
 * so the same session reads the same, for at most SESSION_TRUST_MS (an expiry passing
 * with time alone is noticed within that). Saves a member's every request its query.
 */
const recentSessions = new WeakMap<Database, Map<string, { stamp: string; at: number; owner: SessionOwner | null }>>();
export const SESSION_TRUST_MS = 1_000;
const RECENT_SESSIONS_MAX = 1_000;

/** Who a session id belongs to, or null when it is unknown, expired, or its member was deleted. */
export async function readSession(
  database: Database,
  id: string,
  now: number = Date.now(),
): Promise<SessionOwner | null> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const idHash = hashSessionId(id);
  // Read before the session: a write meanwhile leaves another stamp for the next request.
  const stamp = database.changeStamp();
  let recent = recentSessions.get(database);
  const kept = recent?.get(idHash);
  if (stamp !== null && kept?.stamp === stamp && now >= kept.at && now - kept.at < SESSION_TRUST_MS) return kept.owner;
  const owner = await lookUpSession(database, idHash, now);
  if (stamp !== null) {
    if (!recent) {
      recent = new Map();
      recentSessions.set(database, recent);
    }
    recent.delete(idHash);
    if (recent.size >= RECENT_SESSIONS_MAX) recent.delete(recent.keys().next().value as string);
    recent.set(idHash, { stamp, at: now, owner });
  }
  return owner;
}

async function lookUpSession(database: Database, idHash: string, now: number): Promise<SessionOwner | null> {
  const row = await findSession(database, idHash, now);
  if (!row) return null;
  if (row.is_admin !== 1 && (!row.user_id || row.deleted_at !== null)) return null;
  if (row.is_admin !== 1 && now - row.last_seen_at > TOUCH_EVERY_MS) {
    await touchSession(database, idHash, now, now + SESSION_TTL_MS);
  }
  return {
    admin: row.is_admin === 1,
    member:
      row.user_id && row.handle
        ? { id: row.user_id, handle: row.handle, username: row.username, email: row.email, avatar: row.avatar }
        : null,
  };
}

export async function closeSession(database: Database, id: string): Promise<void> {
  await deleteSession(database, hashSessionId(id));
}

/** Which of these member sessions (by id hash) are still open: not expired, their member not deleted. */
export async function openMemberSessions({ db }: Database, idHashes: string[], now: number): Promise<Set<string>> {
  if (idHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select("sessions.id_hash")
    .where("sessions.id_hash", "in", idHashes)
    .where("sessions.expires_at", ">", now)
    .where("users.deleted_at", "is", null)
    .execute();
  return new Set(rows.map((row) => row.id_hash));
}
