/**
 * T11 — sessions and cross-site requests. A session id planted before sign-in (unknown,
 * malformed, or the attacker's own live one) is never the one after, and is never
 * honoured; sign-out (member and admin) ends the session on the server, so the old cookie
 * is worth nothing on any route; and every state-changing route the app has (read from
 * its router, so a new one is swept too) refuses a request from another site — a foreign
 * or opaque Origin, a cross-site Sec-Fetch-Site, or with neither a foreign Referer
 * (server/plugins/origin-check.ts) — with 403, while carrying a valid member and admin
 * session, and writes nothing: the database and DATA_DIR are the same afterwards. A write
 * with none of the three is let through (it is no browser's); the session cookies are
 * SameSite=Lax, which is what keeps a browser's cross-site write from carrying them.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contracts/errors.ts";
import { hashSessionId } from "../../server/lib/sessions/sessions.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { multipart } from "../../server/test/uploads.ts";
import { dumpDatabase, fileTree } from "../database-dump.ts";
import { type AppRoute, appRoutes, concretePath, STATE_CHANGING } from "../routes.ts";
import { tried } from "../tally.ts";

const PUBLIC_URL = "https://gemwire.example";
/** The origin light-my-request's requests come from (Host: localhost:80). */
const OWN_ORIGIN = "http://localhost:80";

/** Headers a page on another site makes a browser send with its request: an Origin not ours. */
const FOREIGN_ORIGIN: Array<Record<string, string>> = [
  { origin: "https://evil.example" },
  { origin: "http://localhost:80.evil.example" },
  { origin: "http://localhost:8080" },
  { origin: "https://localhost:80" },
  { origin: "https://gemwire.example.evil.example" },
  { origin: "http://gemwire.example" },
  { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
  { origin: "https://evil.example", referer: `${OWN_ORIGIN}/settings` },
];

/**
 * A browser's word that another site sent the request, when it sends no Origin of its own:
 * `Origin: null` (a sandboxed frame, a data: page, a redirect across sites), a Sec-Fetch-Site
 * other than same-origin, or — from browsers older than both — a Referer naming another page.
 */
const NO_ORIGIN_BUT_ANOTHER_SITE: Array<Record<string, string>> = [
  { origin: "null" },
  { origin: "null", referer: `${OWN_ORIGIN}/settings` },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { "sec-fetch-site": "cross-site", referer: `${OWN_ORIGIN}/settings` },
  { "sec-fetch-site": "same-site", referer: "https://blog.gemwire.example/post" },
  { referer: "https://evil.example/attack.html" },
  { referer: "https://blog.gemwire.example/post" },
  { referer: "https://gemwire.example.evil.example/" },
  { referer: "about:blank" },
  { referer: "not a url" },
];

/** A body each kind of route could act on, so a request let through would have written. */
function bodyFor(route: string): { payload?: string | Buffer; headers: Record<string, string> } {
  if (route.endsWith("/avatar") || route.endsWith("/images") || route.endsWith("/opml")) {
    return multipart("x.png", "image/png", Buffer.from("not really a picture"));
  }
  return { payload: "{}", headers: { "content-type": "application/json" } };
}

describe.each(testDatabaseTargets())("T11 sessions and cross-site requests on $dialect", (target) => {
  const dirs = tempDirs();
  // Registered first, so it runs after the app is closed and the database dropped.
  afterAll(() => dirs.removeAll());
  let routes: AppRoute[];
  let dataDir: string;
  const setup = useTestApp(target, () => {
    dataDir = dirs.make("t11-data");
    return { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, PUBLIC_URL, DATA_DIR: dataDir, MEMBER_FEEDS: "on" } };
  });

  beforeAll(() => {
    routes = appRoutes(setup.app);
  });

  const me = async (cookies: Record<string, string>) =>
    (await setup.app.inject({ method: "GET", url: "/api/me", cookies })).json() as {
      user: { handle: string } | null;
      admin: boolean;
    };
  const signIn = (handleName: string, cookies: Record<string, string>, from = "192.0.2.11") =>
    setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: handleName, password: TEST_PASSWORD },
      cookies,
      remoteAddress: from,
    });
  const adminSignIn = (cookies: Record<string, string>) =>
    setup.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD }, cookies });
  const storedSession = async (id: string) =>
    setup.database.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("id_hash", "=", hashSessionId(id))
      .executeTakeFirst();

  /** A member's and the admin's live sessions, in one cookie jar, as a signed-in admin's browser has. */
  const liveSessions = async (name: string) => {
    const member = await joinAsMember(setup.app, setup.database, name);
    const admin = cookieOf(await adminSignIn({}), "gemwire_admin")?.value ?? "";
    return { ...member.cookies, gemwire_admin: admin };
  };

  /** One state-changing request to `route`, with a body it accepts and `headers` on top. */
  function sendWrite(method: string, route: string, headers: Record<string, string>, cookies: Record<string, string>) {
    const body = bodyFor(route);
    return setup.app.inject({
      method: method as "POST",
      url: concretePath(route),
      payload: body.payload,
      headers: { ...body.headers, ...headers },
      cookies,
    });
  }

  /**
   * Sends every state-changing route each set of headers, with live sessions: each is
   * refused with 403 and the cross-site message, sets no cookie, and nothing is written to
   * the database or DATA_DIR. Returns the number of requests sent.
   */
  async function expectEveryWriteRefused(cookies: Record<string, string>, headerSets: Array<Record<string, string>>) {
    const unsafe = routes.filter(({ method }) => STATE_CHANGING.has(method));
    // The sweep reaches the kinds of write there are (and any added later, from the router).
    for (const expected of ["POST /api/comments", "DELETE /api/me", "PUT /api/votes", "POST /api/admin/invites"]) {
      expect(unsafe.map(({ method, route }) => `${method} ${route}`)).toContain(expected);
    }
    const before = { rows: await dumpDatabase(setup.database), files: fileTree(dataDir) };
    let sent = 0;
    for (const { method, route } of unsafe) {
      for (const headers of headerSets) {
        const answer = await sendWrite(method, route, headers, cookies);
        sent++;
        const what = `${method} ${route} ${JSON.stringify(headers)}`;
        expect(answer.statusCode, what).toBe(403);
        expect(answer.json().error, what).toEqual({ code: "forbidden", message: messages.crossSite });
        expect(answer.cookies, what).toEqual([]);
      }
    }
    expect({ rows: await dumpDatabase(setup.database), files: fileTree(dataDir) }).toEqual(before);
    return sent;
  }

  /** Sends every state-changing route each set of headers, with live sessions: none is refused by the check. */
  async function expectEveryWritePassesTheCheck(
    cookies: Record<string, string>,
    headerSets: Array<Record<string, string>>,
  ) {
    for (const { method, route } of routes.filter(({ method }) => STATE_CHANGING.has(method))) {
      // Signing out and leaving would end the sessions the rest use.
      if (route.endsWith("/logout") || (method === "DELETE" && route === "/api/me")) continue;
      for (const headers of headerSets) {
        const answer = await sendWrite(method, route, headers, cookies);
        expect(answer.statusCode, `${method} ${route} ${JSON.stringify(headers)}`).not.toBe(403);
      }
    }
  }

  it("never carries a planted session id over a sign-in, and never honours one", async ({ task }) => {
    const victim = await joinAsMember(setup.app, setup.database, "t11_victim");
    const attacker = await joinAsMember(setup.app, setup.database, "t11_attacker");
    const planted = [
      "AAAAAAAAAAAAAAAAAAAAAA",
      "attacker-chosen-id-012",
      attacker.cookies.gemwire_session,
      "../../etc/passwd",
      `${"A".repeat(21)}=`,
      "A".repeat(4096),
      "",
    ];
    let sent = 0;
    for (const id of planted) {
      for (const [name, signInWith] of [
        ["gemwire_session", () => signIn(victim.handle, { gemwire_session: id })],
        ["gemwire_admin", () => adminSignIn({ gemwire_admin: id })],
      ] as const) {
        const answer = await signInWith();
        sent++;
        expect(answer.statusCode, id).toBeLessThan(300);
        const cookie = cookieOf(answer, name);
        // Out of reach of page scripts and of other sites' writes.
        expect({ httpOnly: cookie?.httpOnly, sameSite: cookie?.sameSite, path: cookie?.path }, id).toEqual({
          httpOnly: true,
          sameSite: "Lax",
          path: "/",
        });
        const issued = cookie?.value ?? "";
        expect(issued, id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(issued, id).not.toBe(id);
        // The planted id is not a session after the sign-in, whoever it belonged to.
        const planter = await me({ [name]: id });
        expect(planter.user === null || planter.user.handle !== victim.handle, id).toBe(true);
        expect(planter.admin, id).toBe(false);
        if (id) expect(await storedSession(id), id).toBeUndefined();
      }
    }
    // The attacker's own session was one of those planted: it ended with the victim's sign-in.
    expect((await me(attacker.cookies)).user).toBeNull();
    // A session id never issued is never honoured, on any route that reads one.
    expect(await me({ gemwire_session: "AAAAAAAAAAAAAAAAAAAAAA", gemwire_admin: "AAAAAAAAAAAAAAAAAAAAAA" })).toEqual({
      user: null,
      admin: false,
    });
    tried(task, "session", sent + 1);
  });

  it("ends the session on the server at sign-out: the old cookie opens no route", async ({ task }) => {
    const member = await joinAsMember(setup.app, setup.database, "t11_leaving");
    const admin = cookieOf(await adminSignIn({}), "gemwire_admin")?.value ?? "";
    const cookies = { ...member.cookies, gemwire_admin: admin };
    expect(await me(cookies)).toMatchObject({ user: { handle: "t11_leaving" }, admin: true });
    expect((await setup.app.inject({ method: "GET", url: "/api/gems", cookies })).statusCode).toBe(200);
    expect((await setup.app.inject({ method: "GET", url: "/api/admin/invites", cookies })).statusCode).toBe(200);

    const own = { origin: OWN_ORIGIN };
    expect(
      (await setup.app.inject({ method: "POST", url: "/api/auth/logout", cookies, headers: own })).statusCode,
    ).toBe(204);
    expect(
      (await setup.app.inject({ method: "POST", url: "/api/admin/logout", cookies, headers: own })).statusCode,
    ).toBe(204);
    expect(await storedSession(member.cookies.gemwire_session)).toBeUndefined();
    expect(await storedSession(admin)).toBeUndefined();

    // Replayed on every route, the old cookies get what no cookie gets.
    let sent = 0;
    for (const { method, route } of routes) {
      if (route === "/api/auth/logout" || route === "/api/admin/logout") continue;
      const body = STATE_CHANGING.has(method) ? bodyFor(route) : { headers: {} };
      const request = {
        method: method as "GET",
        url: concretePath(route),
        payload: body.payload,
        headers: { ...body.headers, ...own },
      };
      const withOld = await setup.app.inject({ ...request, cookies });
      const without = await setup.app.inject(request);
      sent++;
      expect(withOld.statusCode, `${method} ${route}`).toBe(without.statusCode);
      if (without.statusCode === 401) expect(withOld.body, `${method} ${route}`).toBe(without.body);
    }
    expect(await me(cookies)).toEqual({ user: null, admin: false });
    tried(task, "session", sent);
  });

  it("refuses every state-changing route from another site, with live sessions, and writes nothing", async ({
    task,
  }) => {
    const cookies = await liveSessions("t11_target");
    const sent = await expectEveryWriteRefused(cookies, FOREIGN_ORIGIN);
    // The sessions were good all along: the same calls from Gemwire's own pages get past the check.
    await expectEveryWritePassesTheCheck(cookies, [
      { origin: OWN_ORIGIN },
      { origin: PUBLIC_URL },
      { "sec-fetch-site": "same-origin" },
    ]);
    expect(fs.existsSync(dataDir)).toBe(true);
    tried(task, "session", sent);
  });

  it("T11 missing Origin: refused on any sign of another site; with no sign at all it is no browser's, and SameSite=Lax keeps browsers' cookies off it", async ({
    task,
  }) => {
    // (a) Every cookie that opens a session is SameSite=Lax (and out of reach of page scripts):
    // a browser leaves it off a POST, PUT, PATCH or DELETE that another site makes it send.
    const { code } = await createInvite(setup.database, {});
    const joined = await setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: "t11_lax", password: TEST_PASSWORD },
      remoteAddress: "192.0.2.12",
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const issued = [
      ["sign-up", cookieOf(joined, "gemwire_session")],
      ["sign-in", cookieOf(await signIn("t11_lax", {}, "192.0.2.13"), "gemwire_session")],
      ["admin sign-in", cookieOf(await adminSignIn({}), "gemwire_admin")],
    ] as const;
    for (const [what, cookie] of issued) {
      expect(cookie?.value, what).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect({ sameSite: cookie?.sameSite, httpOnly: cookie?.httpOnly }, what).toEqual({
        sameSite: "Lax",
        httpOnly: true,
      });
    }

    // (b) Without an Origin of its own, any other sign of another site — Origin: null, a
    // Sec-Fetch-Site that is not same-origin, a Referer naming another page — is refused on
    // every write, with live sessions, and nothing is written.
    const cookies = await liveSessions("t11_no_origin");
    const sent = await expectEveryWriteRefused(cookies, NO_ORIGIN_BUT_ANOTHER_SITE);

    // (c) With none of Origin, Sec-Fetch-Site and Referer the write goes through, by design
    // (docs/decisions/030, server/plugins/origin-check.ts): that is a script's or curl's request,
    // carrying only the cookies its author gave it. A browser on another site cannot make one
    // that carries the member's session: it sends Origin or Sec-Fetch-Site on a cross-site
    // write (older ones at least the posting page's Referer, refused above), and, the cookie
    // being SameSite=Lax, it leaves the session off another site's POST, PUT, PATCH or DELETE.
    await expectEveryWritePassesTheCheck(cookies, [{}]);
    tried(task, "session", sent);
  });
});
