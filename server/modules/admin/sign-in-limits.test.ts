import { describe, expect, it } from "vitest";
import { TEST_ADMIN_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

/** A fresh address (its own /48) for every caller that should not share a per-address counter. */
let addresses = 0;
const freshAddress = () => `2001:db8:${(++addresses).toString(16)}:ad::1`;

describe.each(testDatabaseTargets())("admin sign-in limits on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });

  const signIn = (password: string, from: string) =>
    setup.app.inject({ method: "POST", url: "/api/admin/login", payload: { password }, remoteAddress: from });
  const fail = async (count: number, from: string) => {
    for (let i = 0; i < count; i++) expect((await signIn("not the password", from)).statusCode).toBe(401);
  };

  // In this order: the first two run before any guessing from many addresses starts.
  it("refuses an address after 10 attempts without a success, with Retry-After", async () => {
    const lone = freshAddress();
    await fail(10, lone);
    const refused = await signIn(TEST_ADMIN_PASSWORD, lone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("forgives an address its attempts when it signs in, so an admin who signs in often is never refused", async () => {
    const office = freshAddress();
    for (let round = 0; round < 3; round++) {
      await fail(2, office);
      for (let i = 0; i < 6; i++) expect((await signIn(TEST_ADMIN_PASSWORD, office)).statusCode).toBe(204);
    }
  });

  it("lets the admin in after well over a hundred wrong passwords from many addresses", async () => {
    // The old overall limit (100 attempts from anywhere) let strangers lock the admin out.
    for (let i = 0; i < 110; i++) await fail(1, freshAddress());
    expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress())).statusCode).toBe(204);
  }, 60_000);

  it("holds back an address that keeps guessing while the password is guessed from many", async () => {
    const guesser = freshAddress();
    await fail(3, guesser);
    const refused = await signIn(TEST_ADMIN_PASSWORD, guesser);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The admin, from an address that has not failed, still gets in.
    expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress())).statusCode).toBe(204);
  });
});
