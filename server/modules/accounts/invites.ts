import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { Invite } from "../../../contracts/accounts.ts";
import type { Database, Db } from "../../db/database.ts";
import type { Schema } from "../../db/schema.ts";

const DAY = 86_400_000;

/** Codes are read back however they were typed: spaces, dashes and case do not matter. */
export const hashInviteCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");

/** The one definition of a code that can still be used: known, unused, not revoked, not expired. */
function usable(code: string, now: number) {
  return (eb: ExpressionBuilder<Schema, "invites">) =>
    eb.and([
      eb("code_hash", "=", hashInviteCode(code)),
      eb("used_at", "is", null),
      eb("revoked_at", "is", null),
      eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]),
    ]);
}

/**
 * At least 128 random bits: 27 characters from a 30-letter alphabet (2^132), drawn
 * without bias, grouped for reading aloud: XXXXX-XXXXX-….
 */
function newCode(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789"; // no 0/O, 1/I/L, U
  let code = "";
  while (code.length < 27) {
    for (const byte of randomBytes(32)) {
      // 240 is the largest multiple of 30 below 256: larger bytes would favour some letters.
      if (byte < 240 && code.length < 27) code += alphabet[byte % alphabet.length];
    }
  }
  return code.replace(/(.{5})(?=.)/g, "$1-");
}

/** Creates an invitation; the code is returned this once and only its hash is stored. */
export async function createInvite(
  { db }: Database,
  { note, expiresInDays, now = Date.now() }: { note?: string; expiresInDays?: number; now?: number },
): Promise<{ code: string; id: string }> {
  const code = newCode();
  const id = randomUUID();
  await db
    .insertInto("invites")
    .values({
      id,
      code_hash: hashInviteCode(code),
      hint: code.slice(0, 5),
      note: note ?? null,
      created_at: now,
      expires_at: expiresInDays ? now + expiresInDays * DAY : null,
    })
    .execute();
  return { code, id };
}

/**
 * Uses an invitation for `handle`, atomically: of two sign-ups racing with one code,
 * exactly one gets it. Returns false when the code is unknown, used, revoked or expired.
 */
export async function consumeInvite({ db }: Db, code: string, handle: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("invites")
    .set({ used_at: now, used_by: handle })
    .where(usable(code, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a code could be used now (nothing is changed); checked before any costly work. */
export async function inviteIsOpen({ db }: Database, code: string, now: number): Promise<boolean> {
  const row = await db.selectFrom("invites").select("id").where(usable(code, now)).executeTakeFirst();
  return row !== undefined;
}

export async function revokeInvite({ db }: Database, id: string, now: number = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("invites")
    .set({ revoked_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export async function listInvites({ db }: Database, now: number = Date.now()): Promise<Invite[]> {
  const rows = await db.selectFrom("invites").selectAll().orderBy("created_at", "desc").limit(500).execute();
  return rows.map((row) => ({
    id: row.id,
    hint: row.hint,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    usedAt: iso(row.used_at),
    usedBy: row.used_by,
    revokedAt: iso(row.revoked_at),
    status: row.used_at
      ? "used"
      : row.revoked_at
        ? "revoked"
        : row.expires_at !== null && row.expires_at <= now
          ? "expired"
          : "open",
  }));
}
