/**
 * T12 — password storage. What the database holds for members' passwords and the admin
 * password is an argon2id PHC string with the parameters server/modules/accounts/passwords.ts
 * promises, at least OWASP's minimum, with a salt of its own per hash; no password, nor
 * any cheap encoding or unsalted digest of it, is stored anywhere in any table; and the
 * common passwords are refused at sign-up (the only place a member sets one) and as
 * ADMIN_PASSWORD, with the product's wording, using up no invitation.
 */
import { createHash } from "node:crypto";
import { verify } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { ARGON2 } from "../../server/lib/passwords/passwords.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { TEST_ADMIN_PASSWORD } from "../../server/test/accounts.ts";
import { buildTestApp, useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { dumpDatabase } from "../database-dump.ts";
import { tried } from "../tally.ts";

/** OWASP Password Storage Cheat Sheet: argon2id, one lane, and at least this memory (KiB) for t passes. */
const OWASP_MEMORY_FOR_PASSES: Record<number, number> = { 1: 47_104, 2: 19_456, 3: 12_288, 4: 9_216, 5: 7_168 };

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Checks one stored hash and returns its salt. */
function expectArgon2id(stored: string, what: string): string {
  const match = PHC.exec(stored);
  expect(match, `${what}: ${stored.slice(0, 40)}`).not.toBeNull();
  const [, m, t, p, salt = "", digest = ""] = match ?? [];
  // What the code promises…
  expect({ m: Number(m), t: Number(t), p: Number(p) }, what).toEqual({
    m: ARGON2.memoryCost,
    t: ARGON2.timeCost,
    p: ARGON2.parallelism,
  });
  // …is at least OWASP's minimum for that many passes.
  expect(Number(m), what).toBeGreaterThanOrEqual(OWASP_MEMORY_FOR_PASSES[Math.min(Number(t), 5)] ?? Infinity);
  expect(Buffer.from(salt, "base64").length, `${what} salt bytes`).toBeGreaterThanOrEqual(16);
  expect(Buffer.from(digest, "base64").length, `${what} hash bytes`).toBeGreaterThanOrEqual(32);
  return salt;
}

/** A password as it could leak: itself, re-encoded, or digested without a salt. */
function leakedForms(password: string): string[] {
  const digest = (algorithm: string, encoding: "hex" | "base64") =>
    createHash(algorithm).update(password).digest(encoding);
  return [
    password,
    password.toLowerCase(),
    password.toUpperCase(),
    encodeURIComponent(password),
    JSON.stringify(password).slice(1, -1),
    Buffer.from(password).toString("base64"),
    Buffer.from(password).toString("base64url"),
    Buffer.from(password).toString("hex"),
    ...["md5", "sha1", "sha256", "sha512"].flatMap((algorithm) => [
      digest(algorithm, "hex"),
      digest(algorithm, "base64"),
    ]),
  ];
}

/** Common passwords long enough for the length rule, in the forms people type them. */
const COMMON_PASSWORDS = [
  "1234567890",
  "0987654321",
  "9876543210",
  "1234512345",
  "1234554321",
  "12345678910",
  "123123123123",
  "1111111111",
  "0000000000",
  "qwertyuiop",
  "QWERTYUIOP",
  "qwertyuiop1",
  "qwertyuiop123",
  "1q2w3e4r5t",
  "q1w2e3r4t5",
  "q1w2e3r4t5y6",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "qwerty1234",
  "qwerty123456",
  "password123",
  "Password123",
  "PASSWORD1234",
  "passw0rd123",
  "P@ssw0rd123",
  "iloveyou123",
  "letmein123",
  "welcome123",
  "changeme123",
  "administrator",
  "adminadmin",
  "admin12345",
  "admin123456",
  "football123",
  "bitcoin123",
  "Satoshi123",
  "tothemoon1",
  "gemwire123",
  "aaaaaaaaaa",
  "zzzzzzzzzzzzzzzz",
  "..........",
];

const WORDING = {
  common: "This password is too common; choose another",
  short: "Use at least 10 characters",
  long: "Use at most 128 characters",
  handle: "The password must not contain your handle",
};

describe.each(testDatabaseTargets())("T12 password storage on $dialect", (target) => {
  // No ADMIN_PASSWORD: the app generates one and keeps only its hash.
  const setup = useTestApp(target);
  let configured: FastifyInstance;
  let joined = 0;

  beforeAll(async () => {
    // The same database with ADMIN_PASSWORD set, as after an operator sets it.
    configured = await buildTestApp(setup.database, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
  });
  afterAll(async () => {
    // Each app closes the database it was given: the last one closed ends it (this one first, then the setup's).
    await configured.close();
  });

  const signUp = async (name: string, password: string, inviteCode?: string) =>
    setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: inviteCode ?? (await createInvite(setup.database, {})).code, handle: name, password },
      remoteAddress: `192.0.2.${(++joined % 250) + 1}`,
    });
  const storedHash = async (name: string) =>
    (
      await setup.database.db
        .selectFrom("users")
        .select("password_hash")
        .where("handle_key", "=", name)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("stores argon2id with the promised parameters and a salt of its own per member", async ({ task }) => {
    const shared = "a shared passphrase 9";
    const names = ["t12_alice", "t12_bob", "t12_carol"];
    for (const name of names) expect((await signUp(name, shared)).statusCode).toBe(201);
    const hashes = await Promise.all(names.map(storedHash));
    const salts = hashes.map((stored, i) => expectArgon2id(stored, names[i] ?? ""));
    expect(new Set(hashes).size).toBe(names.length);
    expect(new Set(salts).size).toBe(names.length);
    for (const stored of hashes) expect(await verify(stored, shared)).toBe(true);
    // The admin password the app generated is stored the same way.
    const generated = await setup.database.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", "admin_password_hash")
      .executeTakeFirstOrThrow();
    expectArgon2id(generated.value, "generated admin password");
    tried(task, "password", names.length + 1);
  });

  it("keeps no password, encoded or digested without a salt, in any table", async ({ task }) => {
    const passwords = { t12_dave: "dave's secret passphrase", t12_erin: "Érin — ünïcode pass 💎" } as const;
    for (const [name, password] of Object.entries(passwords))
      expect((await signUp(name, password)).statusCode).toBe(201);
    // Signing in, a wrong guess and the admin's sign-in with a configured password leave nothing either.
    const wrongGuess = "a wrong guess at dave";
    const signIn = (password: string) =>
      setup.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { handle: "t12_dave", password },
        remoteAddress: "192.0.2.250",
      });
    expect((await signIn(passwords.t12_dave)).statusCode).toBe(200);
    expect((await signIn(wrongGuess)).statusCode).toBe(401);
    const admin = await configured.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(admin.statusCode).toBe(204);
    const configuredHash = await setup.database.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", "admin_password_configured_hash")
      .executeTakeFirstOrThrow();
    expectArgon2id(configuredHash.value, "configured admin password");

    const everything = JSON.stringify(await dumpDatabase(setup.database));
    expect(everything).toContain("t12_dave");
    const sent = [...Object.values(passwords), wrongGuess, TEST_ADMIN_PASSWORD];
    for (const password of sent) {
      for (const form of leakedForms(password)) {
        expect(everything.includes(form), `${password} as ${form}`).toBe(false);
      }
    }
    // The passwords sent, not the forms each was looked for in.
    tried(task, "password", sent.length);
  });

  it("refuses common, short, long and handle-bearing passwords at sign-up, using up no invitation", async ({
    task,
  }) => {
    const { code } = await createInvite(setup.database, {});
    let sent = 0;
    const refused = async (name: string, password: string, message: string) => {
      const answer = await signUp(name, password, code);
      sent++;
      expect(answer.statusCode, password).toBe(400);
      expect(answer.json().error.message, password).toBe(message);
      expect(answer.cookies, password).toEqual([]);
    };
    for (const [i, password] of COMMON_PASSWORDS.entries()) await refused(`t12_weak_${i}`, password, WORDING.common);
    for (const password of ["", "short", "123456789", "pässwörd1"]) await refused("t12_short", password, WORDING.short);
    await refused("t12_long", "x1".repeat(65), WORDING.long);
    for (const password of ["my name is t12_handle!", "T12_HANDLE forever", "xx t12_Handle yy"]) {
      await refused("t12_handle", password, WORDING.handle);
    }
    const users = await setup.database.db
      .selectFrom("users")
      .select("handle")
      .where("handle", "like", "t12_weak%")
      .execute();
    expect(users).toEqual([]);
    // The invitation is still there for a good password.
    expect((await signUp("t12_finally", "a much better passphrase", code)).statusCode).toBe(201);
    tried(task, "password", sent);
  });

  it("refuses a common ADMIN_PASSWORD at start, naming the variable and never the value", ({ task }) => {
    const common = COMMON_PASSWORDS.filter((password) => password.length >= 12);
    // The list has passwords long enough to be an ADMIN_PASSWORD: an empty sweep proves nothing.
    expect(common.length).toBeGreaterThan(0);
    for (const password of common) {
      let problems: string[] = [];
      try {
        loadConfig({ ADMIN_PASSWORD: password });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems = error.problems;
      }
      expect(problems, password).toEqual(["ADMIN_PASSWORD is too common; choose another"]);
    }
    expect(() => loadConfig({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD })).not.toThrow();
    tried(task, "password", common.length);
  });
});
