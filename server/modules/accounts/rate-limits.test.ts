import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { createInvite } from "./invites.ts";

const WRONG = "not the password";

/** A fresh address (its own /48, so its own /64 too) for every caller that should not share a per-address counter. */
let addresses = 0;
const freshAddress = () => `2001:db8:${(++addresses).toString(16)}::1`;

function expectRateLimited(response: LightMyRequestResponse | undefined) {
  expect(response?.statusCode).toBe(429);
  expect(response?.json().error.code).toBe("rate_limited");
  expect(Number(response?.headers["retry-after"])).toBeGreaterThan(0);
}

describe.each(testDatabaseTargets())("sign-in and sign-up limits on $dialect", (target) => {
  const setup = useTestApp(target);

  const invite = async () => (await createInvite(setup.database, {})).code;
  const signUp = (payload: object, from = freshAddress()) =>
    setup.app.inject({ method: "POST", url: "/api/auth/signup", payload, remoteAddress: from });
  const signIn = (name: string, password: string, from: string) =>
    setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: name, password },
      remoteAddress: from,
    });
  const join = async (name: string) =>
    expect((await signUp({ inviteCode: await invite(), handle: name, password: TEST_PASSWORD })).statusCode).toBe(201);
  /** `count` wrong passwords for `name` from `from`, each answered 401. */
  const fail = async (name: string, count: number, from: string) => {
    for (let i = 0; i < count; i++) expect((await signIn(name, WRONG, from)).statusCode).toBe(401);
  };

  describe("sign-in", () => {
    it("lets the member in from another address after 10+ failures for their handle", async () => {
      await join("target_one");
      await fail("target_one", 12, freshAddress());
      expect((await signIn("target_one", TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it("lets the member in after failures spread over many addresses", async () => {
      await join("target_two");
      for (let i = 0; i < 15; i++) await fail("target_two", 1, freshAddress());
      expect((await signIn("target_two", TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it("lets the member in from the very address that failed 10+ times, while it is under its own limit", async () => {
      await join("target_three");
      const shared = freshAddress();
      await fail("target_three", 12, shared);
      expect((await signIn("target_three", TEST_PASSWORD, shared)).statusCode).toBe(200);
    });

    it("holds one address to 20 attempts in 15 minutes, whatever the handles, with 429 and Retry-After", async () => {
      await join("target_four");
      const guesser = freshAddress();
      for (let i = 0; i < 20; i++) expect((await signIn(`guess_${i}`, WRONG, guesser)).statusCode).toBe(401);
      expectRateLimited(await signIn("target_four", WRONG, guesser));
      // That address is limited itself, so even the right password waits there …
      expectRateLimited(await signIn("target_four", TEST_PASSWORD, guesser));
      // … and nowhere else.
      expect((await signIn("target_four", TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it("counts a whole IPv6 /64 as one address", async () => {
      const network = "2001:db8:ffff:1";
      for (let i = 1; i <= 20; i++) await signIn(`guess_${i}`, WRONG, `${network}::${i.toString(16)}`);
      expectRateLimited(await signIn("guess_21", WRONG, `${network}:abcd::21`));
    });

    it("gives each address only 3 failures for a handle being guessed from many addresses", async () => {
      await join("target_five");
      const guessers = Array.from({ length: 5 }, freshAddress);
      for (const guesser of guessers) await fail("target_five", 3, guesser);
      // 12 failures from the others: a guessing address now waits, right password or not.
      expectRateLimited(await signIn("target_five", WRONG, guessers[0] ?? ""));
      expectRateLimited(await signIn("target_five", TEST_PASSWORD, guessers[0] ?? ""));
      // The member who mistyped twice, and the member at a new address, still get in.
      const member = freshAddress();
      await fail("target_five", 2, member);
      expect((await signIn("target_five", TEST_PASSWORD, member)).statusCode).toBe(200);
      expect((await signIn("target_five", TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it("holds guesses sent in parallel to the same 3 tries while a handle is being guessed from many", async () => {
      await join("target_race");
      for (let i = 0; i < 4; i++) await fail("target_race", 3, freshAddress());
      const guesser = freshAddress();
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn("target_race", WRONG, guesser)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
    });

    it("counts the /64s of one IPv6 /48 together for a handle being guessed from many", async () => {
      await join("target_site");
      for (let i = 0; i < 4; i++) await fail("target_site", 3, freshAddress());
      const site = freshAddress().replace(/::1$/, "");
      await fail("target_site", 3, `${site}:1::1`);
      // Another /64 of the same /48 is the same guesser.
      expectRateLimited(await signIn("target_site", WRONG, `${site}:2::1`));
      // A member elsewhere still gets in.
      expect((await signIn("target_site", TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it("forgives an address its own failures once it signs in", async () => {
      await join("target_six");
      for (let i = 0; i < 4; i++) await fail("target_six", 3, freshAddress());
      const member = freshAddress();
      await fail("target_six", 2, member);
      expect((await signIn("target_six", TEST_PASSWORD, member)).statusCode).toBe(200);
      await fail("target_six", 2, member);
      expect((await signIn("target_six", TEST_PASSWORD, member)).statusCode).toBe(200);
    });
  });

  describe("sign-up", () => {
    it("never lets bogus invitation codes for a handle block the real invitee", async () => {
      for (let i = 0; i < 12; i++) {
        const bogus = await signUp({ inviteCode: `BOGUS-${i}`, handle: "satoshi", password: TEST_PASSWORD });
        expect(bogus.json().error.code).toBe("invalid_invite");
      }
      expect(
        (await signUp({ inviteCode: await invite(), handle: "satoshi", password: TEST_PASSWORD })).statusCode,
      ).toBe(201);
    });

    it("holds one address to 10 sign-up attempts an hour, bogus codes included, with 429 and Retry-After", async () => {
      const from = freshAddress();
      for (let i = 0; i < 10; i++) {
        expect(
          (await signUp({ inviteCode: `BOGUS-${i}`, handle: `try_${i}`, password: TEST_PASSWORD }, from)).statusCode,
        ).toBe(400);
      }
      expectRateLimited(
        await signUp({ inviteCode: await invite(), handle: "from_busy", password: TEST_PASSWORD }, from),
      );
      expect(
        (await signUp({ inviteCode: await invite(), handle: "from_busy", password: TEST_PASSWORD })).statusCode,
      ).toBe(201);
    });

    it("lets one address join 10 members an hour, then answers 429", async () => {
      const from = freshAddress();
      for (let i = 0; i < 10; i++) {
        expect(
          (await signUp({ inviteCode: await invite(), handle: `bulk_${i}`, password: TEST_PASSWORD }, from)).statusCode,
        ).toBe(201);
      }
      expectRateLimited(await signUp({ inviteCode: await invite(), handle: "bulk_10", password: TEST_PASSWORD }, from));
    });

    it("limits attempts for one handle once the invitation is valid", async () => {
      const code = await invite();
      for (let i = 0; i < 10; i++) {
        const weak = await signUp({ inviteCode: code, handle: "contested", password: "1234567890" });
        expect(weak.json().error.message).toMatch(/too common/);
      }
      expectRateLimited(await signUp({ inviteCode: code, handle: "contested", password: TEST_PASSWORD }));
    });
  });
});
