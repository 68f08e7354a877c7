/**
 * T10 — password guessing at member and admin sign-in (limits in
 * server/lib/rate-limit/limits.ts, the rule in sign-in-limits.ts). A guesser spread over
 * many addresses gets a few checked guesses per network; an address past its limit is
 * refused even with the right password; and the member (and the admin) signs in from an
 * address of their own during and after the attack — "a limit that protects a member must
 * never let a stranger lock that member out". X-Forwarded-For widens nothing unless a
 * trusted proxy is configured.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../server/lib/rate-limit/limits.ts";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "../../server/test/accounts.ts";
import { buildTestApp, useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";

const WRONG = "not the password at all";
const PROXY = "203.0.113.7";

/** Addresses of their own networks (IPv4, and IPv6 /48s) for attackers, unique across the file. */
let networks = 0;
const attackerAddress = () => {
  const n = ++networks;
  return n % 2 ? `10.${(n >> 8) & 255}.${n & 255}.1` : `2001:db8:${n.toString(16)}::1`;
};

function expectTooMany(answer: LightMyRequestResponse, what: string) {
  expect(answer.statusCode, what).toBe(429);
  expect(answer.json().error.code, what).toBe("rate_limited");
  expect(Number(answer.headers["retry-after"]), what).toBeGreaterThan(0);
  expect(answer.cookies, what).toEqual([]);
}

describe.each(testDatabaseTargets())("T10 brute force on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
  let proxied: FastifyInstance;

  beforeAll(async () => {
    // The same database behind a proxy the operator trusts, for X-Forwarded-For.
    proxied = await buildTestApp(setup.database, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await proxied.close();
  });

  const memberSignIn = (
    name: string,
    password: string,
    from: string,
    headers: Record<string, string> = {},
    on = setup.app,
  ) =>
    on.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: name, password },
      remoteAddress: from,
      headers,
    });
  const adminSignIn = (password: string, from: string) =>
    setup.app.inject({ method: "POST", url: "/api/admin/login", payload: { password }, remoteAddress: from });

  /**
   * Guesses from `attackers` fresh networks, `perNetwork` each, against one sign-in:
   * returns how many guesses had their password checked (401) per network and the
   * networks that ended refused. The real owner signs in from `ownerAddress` halfway.
   */
  async function spreadAttack(
    guess: (password: string, from: string) => Promise<LightMyRequestResponse>,
    right: string,
    ownerAddress: string,
  ) {
    const attackers = scale(8, 120);
    const perNetwork = scale(4, 8);
    const checked: number[] = [];
    const refused: string[] = [];
    for (let a = 0; a < attackers; a++) {
      const from = attackerAddress();
      let count = 0;
      for (let g = 0; g < perNetwork; g++) {
        const answer = await guess(WRONG, from);
        if (answer.statusCode === 401) count++;
        else expectTooMany(answer, `guess ${g} from ${from}`);
      }
      checked.push(count);
      if (count < perNetwork) refused.push(from);
      if (a === Math.floor(attackers / 2)) {
        // During the attack: the owner, from their own address, gets in.
        expect((await guess(right, ownerAddress)).statusCode, "owner during the attack").toBeLessThan(300);
      }
    }
    return { checked, refused, sent: attackers * perNetwork, attackers };
  }

  it("member sign-in: guessing from many networks gets a few checks each, the member is never locked out", async ({
    task,
  }) => {
    const victim = await joinAsMember(setup.app, setup.database, "t10_victim");
    const bystander = await joinAsMember(setup.app, setup.database, "t10_bystander");
    const home = "192.0.2.10";
    // The guesser also spells the handle every way sign-in accepts: all count as one handle.
    const spellings = [victim.handle, victim.handle.toUpperCase(), `@${victim.handle}`, ` T10_Victim `];
    let guesses = 0;
    const { checked, refused, sent, attackers } = await spreadAttack(
      (password, from) => memberSignIn(spellings[guesses++ % spellings.length] ?? "", password, from),
      TEST_PASSWORD,
      home,
    );
    // Once the handle is being guessed from many, each network gets its few tries at it.
    const targeted = limits.signInFailuresPerHandleAndIp.limit;
    const untilTargeted = Math.ceil(limits.signInFailuresPerHandle.limit / targeted) + 1;
    for (const [i, count] of checked.entries()) {
      if (i >= untilTargeted) expect(count, `network ${i}`).toBeLessThanOrEqual(targeted);
      expect(count, `network ${i}`).toBeLessThanOrEqual(limits.signInPerIp.limit);
    }
    expect(refused.length).toBeGreaterThanOrEqual(attackers - untilTargeted);
    // The attacker's held-back networks are refused even with the right password: it is never checked.
    const heldBack = refused.slice(-3);
    for (const from of heldBack) expectTooMany(await memberSignIn(victim.handle, TEST_PASSWORD, from), from);
    // After the attack: the member from home, and from a new network (a phone), gets in.
    for (const from of [home, "198.18.0.77"]) {
      const answer = await memberSignIn(victim.handle, TEST_PASSWORD, from);
      expect(answer.statusCode, from).toBe(200);
      expect(cookieOf(answer, "gemwire_session")?.value, from).toMatch(/^[\w-]{22}$/);
    }
    // Nobody else was touched: another member signs in from one of the attacker's networks.
    expect((await memberSignIn(bystander.handle, TEST_PASSWORD, refused.at(-1) ?? "")).statusCode).toBe(200);
    // The guesses, and the right password tried from the held-back networks; the owner's and the
    // bystander's own sign-ins are no attack.
    tried(task, "brute-force", sent + heldBack.length);
  });

  it("admin sign-in: guessing from many networks never locks the admin out; a held-back network stays held", async ({
    task,
  }) => {
    const office = "192.0.2.20";
    const { refused, sent } = await spreadAttack(adminSignIn, TEST_ADMIN_PASSWORD, office);
    expect(refused.length).toBeGreaterThan(0);
    const heldBack = refused.slice(-3);
    for (const from of heldBack) expectTooMany(await adminSignIn(TEST_ADMIN_PASSWORD, from), from);
    const answer = await adminSignIn(TEST_ADMIN_PASSWORD, office);
    expect(answer.statusCode).toBe(204);
    expect(cookieOf(answer, "gemwire_admin")?.value).toMatch(/^[\w-]{22}$/);
    tried(task, "brute-force", sent + heldBack.length);
  });

  it("one address is held to its limit whatever handles it tries, and the right password then still says too many", async ({
    task,
  }) => {
    const member = await joinAsMember(setup.app, setup.database, "t10_sprayed");
    const sprayer = attackerAddress();
    const limit = limits.signInPerIp.limit;
    // A password sprayed over many handles, in parallel bursts.
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => memberSignIn(`sprayed_${i}`, WRONG, sprayer)),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(limit);
    for (const answer of answers.filter((a) => a.statusCode !== 401)) expectTooMany(answer, sprayer);
    expectTooMany(await memberSignIn(member.handle, TEST_PASSWORD, sprayer), "right password from the sprayer");
    expect((await memberSignIn(member.handle, TEST_PASSWORD, "192.0.2.30")).statusCode).toBe(200);
    // The sprayed guesses and the sprayer's right password; not the member's own sign-in.
    tried(task, "brute-force", answers.length + 1);
  });

  it("X-Forwarded-For widens no limit unless a trusted proxy sends it", async ({ task }) => {
    const member = await joinAsMember(setup.app, setup.database, "t10_forwarded");
    const limit = limits.signInPerIp.limit;
    const direct = attackerAddress();
    let sent = 0;
    // Without a trusted proxy: each guess claims another client; all count for the real address.
    for (let i = 0; i < limit + 5; i++) {
      const claimed = {
        "x-forwarded-for": `198.51.100.${i + 1}`,
        "x-real-ip": `198.51.100.${i + 1}`,
        forwarded: `for=198.51.100.${i + 1}`,
      };
      const answer = await memberSignIn(`forwarded_${i}`, WRONG, direct, claimed);
      sent++;
      if (i < limit) expect(answer.statusCode, `guess ${i}`).toBe(401);
      else expectTooMany(answer, `guess ${i}`);
    }
    // Behind a trusted proxy the same headers from anyone else are still ignored…
    const stranger = attackerAddress();
    for (let i = 0; i < limit + 5; i++) {
      const answer = await memberSignIn(
        `forwarded_${i}`,
        WRONG,
        stranger,
        { "x-forwarded-for": `192.0.2.${i + 100}` },
        proxied,
      );
      sent++;
      if (i < limit) expect(answer.statusCode, `guess ${i} from an untrusted sender`).toBe(401);
      else expectTooMany(answer, `guess ${i} from an untrusted sender`);
    }
    // …and the proxy's own word names the client, so one client behind it is held, and others are not.
    const client = "198.51.100.200";
    for (let i = 0; i < limit; i++) {
      const answer = await memberSignIn(`via_proxy_${i}`, WRONG, PROXY, { "x-forwarded-for": client }, proxied);
      sent++;
      expect(answer.statusCode, `guess ${i} via the proxy`).toBe(401);
    }
    expectTooMany(
      await memberSignIn(member.handle, TEST_PASSWORD, PROXY, { "x-forwarded-for": client }, proxied),
      client,
    );
    sent++;
    const other = await memberSignIn(
      member.handle,
      TEST_PASSWORD,
      PROXY,
      { "x-forwarded-for": "198.51.100.201" },
      proxied,
    );
    expect(other.statusCode).toBe(200);
    // The guesses and the held client's right password; not the other client's own sign-in.
    tried(task, "brute-force", sent);
  });
});
