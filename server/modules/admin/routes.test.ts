import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { cookieOf, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "../../test/accounts.ts";
import { buildTestApp, useTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { createInvite } from "../accounts/invites.ts";

const PASSWORD = TEST_PASSWORD;
const ADMIN = TEST_ADMIN_PASSWORD;

describe.each(testDatabaseTargets())("admin API on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: ADMIN } });
  let adminCookie = "";

  it("answers a wrong admin password with 401 'Invalid password'", async () => {
    const response = await setup.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: "guess" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: "invalid_password", message: "Invalid password" });
  });

  it("signs the admin in and lets them create, list and revoke invitations", async () => {
    const login = await setup.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: ADMIN } });
    expect(login.statusCode).toBe(204);
    adminCookie = cookieOf(login, "gemwire_admin")?.value ?? "";
    const cookies = { gemwire_admin: adminCookie };
    const created = await setup.app.inject({
      method: "POST",
      url: "/api/admin/invites",
      payload: { note: "for Ada" },
      cookies,
    });
    expect(created.statusCode).toBe(201);
    const { code, id } = created.json();
    expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){4}-[A-Z2-9]{2}$/);
    const listed = (await setup.app.inject({ method: "GET", url: "/api/admin/invites", cookies })).json().invites;
    expect(listed[0]).toMatchObject({ id, hint: code.slice(0, 5), note: "for Ada", status: "open" });
    expect(JSON.stringify(listed)).not.toContain(code);
    expect(
      (await setup.app.inject({ method: "POST", url: `/api/admin/invites/${id}/revoke`, cookies })).statusCode,
    ).toBe(204);
    const joined = await setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: "too_late", password: PASSWORD },
    });
    expect(joined.json().error.code).toBe("invalid_invite");
  });

  it("refuses an expired invitation and lists it as expired", async () => {
    const { code } = await createInvite(setup.database, { expiresInDays: 1, now: Date.now() - 2 * 86_400_000 });
    const joined = await setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: "late_joiner", password: PASSWORD },
    });
    expect(joined.json().error.code).toBe("invalid_invite");
    const listed = await setup.app.inject({
      method: "GET",
      url: "/api/admin/invites",
      cookies: { gemwire_admin: adminCookie },
    });
    expect(listed.json().invites.find((i: { hint: string }) => i.hint === code.slice(0, 5))?.status).toBe("expired");
  });

  it("keeps invitation calls for the admin", async () => {
    const response = await setup.app.inject({ method: "POST", url: "/api/admin/invites", payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("Admin sign-in required");
  });
});

describe("the generated admin password", () => {
  /** A real logger at `level` whose JSON lines are kept. */
  function capturedLog(level: "info" | "error") {
    const lines: Array<{ level: number; msg: string; adminPassword?: string }> = [];
    const log = createLogger({ logLevel: level }, { write: (line) => lines.push(JSON.parse(line)) });
    return { log, lines, notices: () => lines.filter((line) => line.adminPassword) };
  }

  it("is made once, stored only as a hash, printed once as a warning, and works", async () => {
    const [target] = testDatabaseTargets();
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const { log, notices } = capturedLog("info");
    const { loadAdminPassword } = await import("./admin-password.ts");
    try {
      const first = await loadAdminPassword(handle.database, undefined, log);
      const second = await loadAdminPassword(handle.database, undefined, log);
      expect(notices()).toHaveLength(1);
      const [notice] = notices() as [{ level: number; msg: string; adminPassword: string }];
      const password = notice.adminPassword;
      expect(notice.level).toBe(40);
      expect(notice.msg).toBe(
        `No ADMIN_PASSWORD is set, so Gemwire generated the admin password: ${password} — ` +
          "it is shown only this once: keep it, or set ADMIN_PASSWORD.",
      );
      const stored = await handle.database.db.selectFrom("app_settings").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(password);
      expect(await first.verify(password)).toBe(true);
      expect(await second.verify(password)).toBe(true);
      expect(await second.verify("something else")).toBe(false);
    } finally {
      await handle.dispose();
    }
  });

  it("is shown even when LOG_LEVEL=error hides other warnings", async () => {
    const [target] = testDatabaseTargets();
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const { log, lines, notices } = capturedLog("error");
    const { loadAdminPassword } = await import("./admin-password.ts");
    try {
      log.warn("an ordinary warning");
      await loadAdminPassword(handle.database, undefined, log);
      expect(notices()).toEqual([expect.objectContaining({ level: 40, adminPassword: expect.any(String) })]);
      expect(lines).toHaveLength(1);
    } finally {
      await handle.dispose();
    }
  });
});

describe("changing ADMIN_PASSWORD", () => {
  it("ends the admin sessions opened with the old one", async () => {
    const [target] = testDatabaseTargets();
    const handle = await openTestDatabase(target as NonNullable<typeof target>);
    const before = await buildTestApp(handle.database, { env: { ADMIN_PASSWORD: ADMIN } });
    const login = await before.inject({ method: "POST", url: "/api/admin/login", payload: { password: ADMIN } });
    const cookies = { gemwire_admin: cookieOf(login, "gemwire_admin")?.value ?? "" };
    expect((await before.inject({ method: "GET", url: "/api/admin/invites", cookies })).statusCode).toBe(200);
    const same = await buildTestApp(handle.database, { env: { ADMIN_PASSWORD: ADMIN } });
    expect((await same.inject({ method: "GET", url: "/api/admin/invites", cookies })).statusCode).toBe(200);
    const rotated = await buildTestApp(handle.database, { env: { ADMIN_PASSWORD: "a brand new admin password" } });
    try {
      expect((await rotated.inject({ method: "GET", url: "/api/admin/invites", cookies })).statusCode).toBe(401);
    } finally {
      // The apps share one database; it is closed once, at the end.
      await handle.dispose();
    }
  });
});
