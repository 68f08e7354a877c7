import { afterEach, describe, expect, it } from "vitest";
import { INITIAL_GEMS } from "../../../contracts/gems-catalog.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { openDatabaseBefore, testDatabaseTargets } from "../../test/databases.ts";
import { expectGemsInvariant } from "../../test/gems-invariant.ts";
import { createInvite } from "../accounts/invites.ts";
import { insertLedgerRow } from "./repository.ts";

describe.each(testDatabaseTargets())("the GEMS ledger on $dialect", (target) => {
  const setup = useTestApp(target);
  afterEach(async () => expectGemsInvariant(setup.database));

  it("gives a new member one grant of INITIAL_GEMS and shows it as their balance", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const response = await setup.app.inject({ method: "GET", url: "/api/gems", cookies: member.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: INITIAL_GEMS });
    const rows = await setup.database.db
      .selectFrom("gems_ledger")
      .selectAll()
      .where("user_id", "=", member.id)
      .execute();
    expect(rows).toMatchObject([{ kind: "grant", amount: 1250, reference: "signup" }]);
  });

  it("tells a visitor 'User not authenticated'", async () => {
    const response = await setup.app.inject({ method: "GET", url: "/api/gems" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("User not authenticated");
  });

  it("creates no member when the grant cannot be written (one transaction)", async () => {
    const { db } = setup.database;
    const before = await db.selectFrom("users").select("id").execute();
    // A trigger-free way to make the grant fail: a duplicate (kind, reference, user_id)
    // cannot happen for a fresh id, so break the ledger table for the moment instead.
    await db.schema.alterTable("gems_ledger").renameTo("gems_ledger_away").execute();
    try {
      const { code } = await createInvite(setup.database, {});
      const response = await setup.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { inviteCode: code, handle: "no_gems_no_member", password: "correct horse battery" },
        remoteAddress: "198.51.100.251",
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.schema.alterTable("gems_ledger_away").renameTo("gems_ledger").execute();
    }
    expect(await db.selectFrom("users").select("id").execute()).toEqual(before);
  });

  it("refuses a second grant (or any row) for the same cause", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    await expect(
      insertLedgerRow(setup.database, { userId: member.id, amount: 1, kind: "grant", reference: "signup", now: 1 }),
    ).rejects.toThrow();
  });

  it("refuses a negative balance and a stake with a positive amount", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const { db } = setup.database;
    await expect(
      db.updateTable("users").set({ gems_balance: -1 }).where("id", "=", member.id).execute(),
    ).rejects.toThrow();
    await expect(
      insertLedgerRow(setup.database, {
        userId: member.id,
        amount: 5,
        kind: "stake",
        reference: "prediction:x",
        now: 1,
      }),
    ).rejects.toThrow();
    await expect(
      insertLedgerRow(setup.database, {
        userId: member.id,
        amount: -5,
        kind: "payout",
        reference: "prediction:x",
        now: 1,
      }),
    ).rejects.toThrow();
  });
});

describe.each(testDatabaseTargets())("migration 009 on $dialect", (target) => {
  it("gives every member who joined before GEMS the grant row and the balance", async () => {
    const { database, migrateRest, dispose } = await openDatabaseBefore(target, "009");
    try {
      for (const [id, handle] of <Array<[string, string]>>[
        ["u1", "early"],
        ["u2", "second"],
      ]) {
        await database.db
          .insertInto("users")
          .values({
            id,
            handle,
            handle_key: handle,
            password_hash: "x",
            email: null,
            username: null,
            avatar: null,
            created_at: 1_000,
            deleted_at: null,
          })
          .execute();
      }
      expect(await migrateRest()).toContain("009_gems");
      const users = await database.db.selectFrom("users").select(["id", "gems_balance"]).orderBy("id").execute();
      expect(users).toEqual([
        { id: "u1", gems_balance: INITIAL_GEMS },
        { id: "u2", gems_balance: INITIAL_GEMS },
      ]);
      await expectGemsInvariant(database);
    } finally {
      await dispose();
    }
  });
});
