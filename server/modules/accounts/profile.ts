import type { Member } from "../../../contracts/accounts.ts";
import type { Database } from "../../db/database.ts";
import { lockMember } from "../../db/lock-member.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import { deleteCommentsOf, deleteVotesOf } from "../community/index.ts";
import { avatarAddress, processAvatar, removeAvatar, saveAvatar } from "./avatars.ts";
import { presentMember } from "./service.ts";

async function loadMember({ db }: Database, userId: string) {
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!user) throw notFound("No such member");
  return user;
}

/** Sets a member's username and email, from Settings' profile (an empty one clears it). */
export async function updateProfile(
  database: Database,
  userId: string,
  changes: { username?: string | null; email?: string | null },
): Promise<Member> {
  const values: { username?: string | null; email?: string | null } = {};
  if (changes.username !== undefined) values.username = changes.username || null;
  if (changes.email !== undefined) values.email = changes.email || null;
  if (Object.keys(values).length > 0)
    await database.db.updateTable("users").set(values).where("id", "=", userId).execute();
  return presentMember(await loadMember(database, userId));
}

/** Replaces the member's picture with a re-encoded copy of the upload. */
export async function replaceAvatar(
  database: Database,
  dataDir: string,
  userId: string,
  upload: Buffer,
): Promise<Member> {
  const previous = (await loadMember(database, userId)).avatar;
  const name = await saveAvatar(dataDir, await processAvatar(upload));
  await database.db
    .updateTable("users")
    .set({ avatar: avatarAddress(name) })
    .where("id", "=", userId)
    .execute();
  await removeAvatar(dataDir, previous);
  return presentMember(await loadMember(database, userId));
}

/**
 * Deletes an account: sign-in stops at once (every session ends), the member's votes
 * stop counting, and their comments go with the notifications those caused; the rest is
 * purged later by the purge job, and only then is the handle free again.
 */
export async function deleteAccount(
  database: Database,
  userId: string,
  confirmHandle: string,
  now = Date.now(),
): Promise<void> {
  const user = await loadMember(database, userId);
  if (confirmHandle.replace(/^@/, "").toLowerCase() !== user.handle_key) {
    throw invalidRequest("Type your handle to confirm that the account should be deleted");
  }
  await database.db.transaction().execute(async (trx) => {
    // Waits for a comment being written by this member to commit, so it is deleted too
    // (and one started later sees the account deleted).
    await lockMember({ db: trx, dialect: database.dialect }, userId);
    await trx.updateTable("users").set({ deleted_at: now }).where("id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    // A leaving member's votes stop counting now, not at the purge.
    await deleteVotesOf({ db: trx }, userId);
    await deleteCommentsOf({ db: trx }, userId);
  });
}

/**
 * Purges accounts deleted before `olderThan`: their rows and picture; settings, sessions,
 * votes and favorites go with the row (ON DELETE CASCADE).
 */
export async function purgeDeletedAccounts(database: Database, dataDir: string, olderThan: number): Promise<number> {
  const doomed = await database.db
    .selectFrom("users")
    .select(["id", "avatar", "handle"])
    .where("deleted_at", "is not", null)
    .where("deleted_at", "<", olderThan)
    .execute();
  for (const user of doomed) {
    await database.db.transaction().execute(async (trx) => {
      // The invitation list forgets who used a code, too.
      await trx.updateTable("invites").set({ used_by: null }).where("used_by", "=", user.handle).execute();
      await trx.deleteFrom("users").where("id", "=", user.id).execute();
    });
    await removeAvatar(dataDir, user.avatar);
  }
  return doomed.length;
}
