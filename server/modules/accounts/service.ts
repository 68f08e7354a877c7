import { randomUUID } from "node:crypto";
import type { Member } from "../../../contracts/accounts.ts";
import type { Database } from "../../db/database.ts";
import { handleTaken, invalidCredentials, invalidInvite, invalidRequest } from "../../errors.ts";
import { hashPassword, passwordProblem, verifyPassword } from "../../lib/passwords/passwords.ts";
import { openSession } from "../../lib/sessions/sessions.ts";
import { grantInitialGems } from "../gems/service.ts";
import { consumeInvite, inviteIsOpen } from "./invites.ts";
import { findUserByHandle, type UserRow } from "./repository.ts";

export const handleKey = (handle: string) => handle.toLowerCase();

/** A hash to verify against when the handle does not exist, so both cases take as long. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword("decoy password for unknown handles");
  return decoyHash;
};

export function presentMember(user: Pick<UserRow, "id" | "handle" | "username" | "email" | "avatar">): Member {
  return { id: user.id, handle: user.handle, username: user.username, email: user.email, avatar: user.avatar };
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code ?? "";
  return code === "23505" || code.startsWith("SQLITE_CONSTRAINT");
};

export type SignUpInput = { inviteCode: string; handle: string; password: string; email?: string; username?: string };

/** Joins with an invitation: the code is used and the member created together, or neither. */
export async function signUp(database: Database, input: SignUpInput, now: number = Date.now()) {
  // The invitation first: without a valid one, nothing about handles is revealed and no
  // expensive hashing is done. It is used for real in the transaction below.
  if (!(await inviteIsOpen(database, input.inviteCode, now))) throw invalidInvite();
  const problem = passwordProblem(input.password, input.handle);
  if (problem) throw invalidRequest(problem);
  const key = handleKey(input.handle);
  if (await findUserByHandle(database, key)) throw handleTaken();
  const passwordHash = await hashPassword(input.password);
  const user: Omit<UserRow, "gems_balance" | "notification_seq"> = {
    id: randomUUID(),
    handle: input.handle,
    handle_key: key,
    password_hash: passwordHash,
    email: input.email || null,
    username: input.username ?? null,
    avatar: null,
    created_at: now,
    deleted_at: null,
  };
  try {
    await database.db.transaction().execute(async (trx) => {
      if (!(await consumeInvite({ db: trx }, input.inviteCode, input.handle, now))) throw invalidInvite();
      await trx.insertInto("users").values(user).execute();
      // The member and their starting GEMS exist together or not at all.
      await grantInitialGems({ db: trx }, user.id, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }
  return { member: presentMember(user), sessionId: await openSession(database, { userId: user.id }, now) };
}

/** Signs in by handle and password; a new session id every time (no session fixation). */
export async function signIn(
  database: Database,
  input: { handle: string; password: string },
  now: number = Date.now(),
) {
  const user = await findUserByHandle(database, handleKey(input.handle));
  if (!user || user.deleted_at !== null) {
    await verifyPassword(await decoy(), input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw invalidCredentials();
  return { member: presentMember(user), sessionId: await openSession(database, { userId: user.id }, now) };
}
