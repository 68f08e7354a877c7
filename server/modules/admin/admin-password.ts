import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords/passwords.ts";

const SETTING = "admin_password_hash";
/** The hash of the ADMIN_PASSWORD in force when admin sessions were last opened. */
const CONFIGURED = "admin_password_configured_hash";

export type AdminPassword = { verify(password: string): Promise<boolean> };

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * The admin password: ADMIN_PASSWORD when set; otherwise one generated at the first start,
 * of which only the hash is stored and which is printed once to the log. With several
 * processes starting together, exactly one generates it.
 */
export async function loadAdminPassword(
  database: Database,
  configured: string | undefined,
  log: Pick<FastifyBaseLogger, "warn" | "child" | "level">,
): Promise<AdminPassword> {
  const { db } = database;
  if (configured) {
    // A changed ADMIN_PASSWORD ends every admin session signed in with the old one.
    const previous = await db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", CONFIGURED)
      .executeTakeFirst();
    if (!previous || !(await verifyPassword(previous.value, configured))) {
      const value = await hashPassword(configured);
      await db.deleteFrom("sessions").where("is_admin", "=", 1).execute();
      await db
        .insertInto("app_settings")
        .values({ key: CONFIGURED, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    }
    const expected = sha256(configured);
    return { verify: async (password) => timingSafeEqual(sha256(password), expected) };
  }
  let row = await db.selectFrom("app_settings").select("value").where("key", "=", SETTING).executeTakeFirst();
  if (!row) {
    const generated = randomBytes(18).toString("base64url");
    const hash = await hashPassword(generated);
    await db
      .insertInto("app_settings")
      .values({ key: SETTING, value: hash })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    row = await db.selectFrom("app_settings").select("value").where("key", "=", SETTING).executeTakeFirstOrThrow();
    if (row.value === hash) {
      // A warning, not an error; shown even under LOG_LEVEL=error or fatal, as it is shown only once.
      const notice = log.level === "error" || log.level === "fatal" ? log.child({}, { level: "warn" }) : log;
      notice.warn(
        { adminPassword: generated },
        `No ADMIN_PASSWORD is set, so Gemwire generated the admin password: ${generated} — ` +
          "it is shown only this once: keep it, or set ADMIN_PASSWORD.",
      );
    }
  }
  const stored = row.value;
  return { verify: (password) => verifyPassword(stored, password) };
}
