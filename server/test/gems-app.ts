import { afterEach } from "vitest";
import type { joinAsMember } from "./accounts.ts";
import { useTestApp } from "./app.ts";
import type { TestDatabaseTarget } from "./databases.ts";
import { expectGemsInvariant } from "./gems-invariant.ts";
import { scriptedPrices } from "./scripted-prices.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;

/**
 * For a GEMS test file, per database: the real app on a fresh database whose prices the
 * tests set, closed afterwards, with the ledger invariant checked after every test.
 */
export function gemsTestApp(target: TestDatabaseTarget) {
  const prices = scriptedPrices();
  const setup = useTestApp(target, { prices: prices.service });
  afterEach(async () => {
    prices.setDown(false);
    await expectGemsInvariant(setup.database);
  });

  return {
    prices,
    get app() {
      return setup.app;
    },
    get handle() {
      return setup.handle;
    },
    /** POST /api/predictions as this member (null: as a visitor). */
    place: (member: Member | null, payload: object) =>
      setup.app.inject({ method: "POST", url: "/api/predictions", cookies: member?.cookies ?? {}, payload }),
  };
}
