import { describe, expect, it } from "vitest";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD } from "../../test/accounts.ts";
import { useTestApp, withTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

const notAuthenticated = { error: { code: "unauthenticated", message: "User not authenticated" } };

/** Calls that act for a member: a visitor gets 401 from each. */
const memberCalls = [
  { method: "GET", url: "/api/settings" },
  { method: "PUT", url: "/api/settings/degen-mode", payload: { degenMode: true } },
  { method: "PATCH", url: "/api/me", payload: { username: "someone" } },
  { method: "DELETE", url: "/api/me", payload: { handle: "someone" } },
  { method: "GET", url: "/api/favorites" },
  { method: "PUT", url: "/api/favorites", payload: { link: "https://example.org/a" } },
  { method: "PUT", url: "/api/votes", payload: { link: "https://example.org/a", vote: "up" } },
] as const;

describe.each(testDatabaseTargets())("who is signed in, on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });

  const me = (cookies: Record<string, string> = {}) => setup.app.inject({ method: "GET", url: "/api/me", cookies });

  it("tells a visitor 200 with nobody signed in, not an error", async () => {
    const response = await me();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, admin: false });
  });

  it("treats a session that does not exist as a visitor", async () => {
    const response = await me({ gemwire_session: "no-such-session-id-here", gemwire_admin: "nor-this-one" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, admin: false });
  });

  it("names the member, and says when the admin is signed in", async () => {
    const member = await joinAsMember(setup.app, setup.database, "me_test_member");
    expect((await me(member.cookies)).json()).toMatchObject({ user: { handle: "me_test_member" }, admin: false });
    const admin = await setup.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: TEST_ADMIN_PASSWORD },
      remoteAddress: "192.0.2.77",
    });
    const adminCookie = cookieOf(admin, "gemwire_admin")?.value ?? "";
    expect((await me({ gemwire_admin: adminCookie })).json()).toEqual({ user: null, admin: true });
  });

  it.each(memberCalls)("still answers a visitor's $method $url with 401 'User not authenticated'", async (call) => {
    const response = await setup.app.inject({ ...call });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notAuthenticated);
  });
});

describe("who is signed in, with ACCESS_MODE=members", () => {
  it("tells a visitor 200 with nobody signed in, and keeps the rest behind sign-in", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app) => {
      const response = await app.inject({ method: "GET", url: "/api/me" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null, admin: false });
      const feeds = await app.inject({ method: "GET", url: "/api/feeds" });
      expect(feeds.statusCode).toBe(401);
      expect(feeds.json()).toEqual(notAuthenticated);
    });
  });
});
