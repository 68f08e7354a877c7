import { describe, expect, it } from "vitest";
import { cookieOf, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { createInvite } from "./invites.ts";

const PASSWORD = TEST_PASSWORD;
const ADMIN = TEST_ADMIN_PASSWORD;

/** Each call from its own address, so per-address limits never bite (rate-limits.test.ts tries them). */
let addresses = 0;
const nextAddress = () => `203.0.113.${(addresses++ % 250) + 1}`;

describe.each(testDatabaseTargets())("accounts API on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: ADMIN } });

  const post = (
    url: string,
    payload: object,
    extra: { cookies?: Record<string, string>; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => setup.app.inject({ method: "POST", url, payload, remoteAddress: nextAddress(), ...extra });
  const invite = async () => (await createInvite(setup.database, {})).code;
  const join = async (handleName: string, extra: object = {}) =>
    post("/api/auth/signup", { inviteCode: await invite(), handle: handleName, password: PASSWORD, ...extra });

  it("joins with an invitation, signs the member in and shows them at /api/me", async () => {
    const response = await join("Satoshi_N", { email: "s@example.org" });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ handle: "Satoshi_N", email: "s@example.org", username: null });
    const cookie = cookieOf(response, "gemwire_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const me = await setup.app.inject({
      method: "GET",
      url: "/api/me",
      cookies: { gemwire_session: cookie?.value ?? "" },
    });
    expect(me.json()).toMatchObject({ user: { handle: "Satoshi_N" }, admin: false });
  });

  it("refuses a used invitation code", async () => {
    const code = await invite();
    expect(
      (await post("/api/auth/signup", { inviteCode: code, handle: "first_user", password: PASSWORD })).statusCode,
    ).toBe(201);
    const again = await post("/api/auth/signup", { inviteCode: code, handle: "second_user", password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("invalid_invite");
  });

  it("lets exactly one of two simultaneous sign-ups use one code", async () => {
    const code = await invite();
    const results = await Promise.all(
      ["racer_one", "racer_two"].map((name) =>
        post("/api/auth/signup", { inviteCode: code, handle: name, password: PASSWORD }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it("keeps handles unique ignoring case, and keeps the invitation when the handle is taken", async () => {
    await join("Vitalik");
    const code = await invite();
    const taken = await post("/api/auth/signup", { inviteCode: code, handle: "vitalik", password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("handle_taken");
    expect(
      (await post("/api/auth/signup", { inviteCode: code, handle: "vitalik2", password: PASSWORD })).statusCode,
    ).toBe(201);
  });

  it.each([
    [{ handle: "has space" }, /handle: Use 1 to 30 letters, digits or underscores/],
    [{ handle: "x".repeat(31) }, /handle: Use 1 to 30/],
    [{ password: "short" }, /Use at least 10 characters/],
    [{ password: "1234567890" }, /too common/],
    [{ password: "x".repeat(129) }, /Use at most 128 characters/],
    [{ handle: "alice_b", password: "alice_b-is-me" }, /must not contain your handle/],
    [{ email: "not-an-email" }, /email: Enter a valid email address/],
  ])("refuses sign-up %o with a clear message", async (override, message) => {
    const response = await post("/api/auth/signup", {
      inviteCode: await invite(),
      handle: "valid_name",
      password: PASSWORD,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
  });

  it("signs in by handle (any case, with or without @) and refuses a wrong password", async () => {
    await join("hal_f");
    expect((await post("/api/auth/login", { handle: "@HAL_F", password: PASSWORD })).statusCode).toBe(200);
    const wrong = await post("/api/auth/login", { handle: "hal_f", password: "wrong password!" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: "invalid_credentials", message: "Wrong handle or password" });
    const unknown = await post("/api/auth/login", { handle: "nobody_here", password: PASSWORD });
    expect(unknown.json().error.code).toBe("invalid_credentials");
  });

  it("gives a new session id at sign-in and ends the one it replaces (no session fixation)", async () => {
    const joined = await join("fixation_test");
    const first = cookieOf(joined, "gemwire_session")?.value ?? "";
    const signedIn = await post(
      "/api/auth/login",
      { handle: "fixation_test", password: PASSWORD },
      { cookies: { gemwire_session: first } },
    );
    const second = cookieOf(signedIn, "gemwire_session")?.value ?? "";
    expect(second).not.toBe(first);
    const me = async (session: string) =>
      (await setup.app.inject({ method: "GET", url: "/api/me", cookies: { gemwire_session: session } })).json().user;
    expect(await me(first)).toBeNull();
    expect(await me(second)).toMatchObject({ handle: "fixation_test" });
  });

  it("ends the session on the server at sign-out", async () => {
    const joined = await join("leaving_soon");
    const session = cookieOf(joined, "gemwire_session")?.value ?? "";
    const out = await post("/api/auth/logout", {}, { cookies: { gemwire_session: session } });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out, "gemwire_session")?.value).toBe("");
    // Replaying the old cookie no longer works.
    expect(
      (await setup.app.inject({ method: "GET", url: "/api/me", cookies: { gemwire_session: session } })).json(),
    ).toEqual({ user: null, admin: false });
  });

  it("refuses state-changing calls from another site", async () => {
    const cross = await post(
      "/api/auth/login",
      { handle: "hal_f", password: PASSWORD },
      { headers: { origin: "https://evil.example" } },
    );
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error).toEqual({ code: "forbidden", message: "Requests from other sites are not allowed" });
    const fetchSite = await post("/api/auth/logout", {}, { headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.statusCode).toBe(403);
    const own = await post(
      "/api/auth/login",
      { handle: "hal_f", password: PASSWORD },
      { headers: { origin: "http://localhost:80" } },
    );
    expect(own.statusCode).not.toBe(403);
  });

  it("does not reveal whether a handle exists to someone without a valid invitation", async () => {
    await join("existing_one");
    const taken = await post("/api/auth/signup", {
      inviteCode: "MADE-UP-CODE",
      handle: "existing_one",
      password: PASSWORD,
    });
    const free = await post("/api/auth/signup", {
      inviteCode: "MADE-UP-CODE",
      handle: "nobody_yet_x",
      password: PASSWORD,
    });
    expect(taken.json()).toEqual(free.json());
    expect(taken.json().error.code).toBe("invalid_invite");
  });
});
