import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { joinAsMember } from "./accounts.ts";
import { buildTestApp } from "./app.ts";
import { openTestDatabase, type TestDatabaseTarget } from "./databases.ts";
import { expectGemsInvariant } from "./gems-invariant.ts";
import { scriptedPrices } from "./scripted-prices.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;

/**
 * For a GEMS test file, per database: the real app on a fresh database whose prices the
 * tests set, closed afterwards, with the ledger invariant checked after every test.
 */
export function gemsTestApp(target: TestDatabaseTarget) {
  const prices = scriptedPrices();
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    app = await buildTestApp(handle.database, { prices: prices.service });
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });
  afterEach(async () => {
    prices.setDown(false);
    await expectGemsInvariant(handle.database);
  });

  return {
    prices,
    get app() {
      return app;
    },
    get handle() {
      return handle;
    },
    /** POST /api/predictions as this member (null: as a visitor). */
    place: (member: Member | null, payload: object) =>
      app.inject({ method: "POST", url: "/api/predictions", cookies: member?.cookies ?? {}, payload }),
  };
}
