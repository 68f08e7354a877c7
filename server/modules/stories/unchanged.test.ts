import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counting } from "../../test/counting.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import { listStories, UNCHANGED_TRUST_MS } from "./answers.ts";
import { DEFAULT_STORIES_WINDOW_MS } from "./service.ts";

const now = Date.now();
const told = (id: string, outlet: string) =>
  testItem(id, 1, now, {
    title: "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
    link: `https://${outlet}/${id}`,
    source: outlet,
  });

describe.each(testDatabaseTargets())("stories when nothing was written, on $dialect", (target) => {
  let handle: TestDatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    await upsertArticles(handle.database, "bitcoin", [told("a", "one.example"), told("b", "two.example")], now);
  });
  afterAll(async () => {
    await handle.dispose();
  });

  it("answers from the last check while nothing was written: no query on SQLite, the data version alone on PostgreSQL", async () => {
    const { database, counter } = counting(handle.database);
    const ask = (at: number) =>
      listStories(database, { scope: "bitcoin", limit: 20, windowMs: DEFAULT_STORIES_WINDOW_MS, now: at });
    const first = await ask(now);
    expect(JSON.parse(first.body(undefined).bytes.toString()).stories).toHaveLength(1);

    counter.uses = 0;
    await ask(now + 10);
    // SQLite's change stamp costs no query; PostgreSQL reads its one data version row.
    expect(counter.uses).toBe(target.dialect === "sqlite" ? 0 : 1);

    // A write shows in the very next answer.
    await upsertArticles(handle.database, "bitcoin", [told("c", "three.example")], now);
    counter.uses = 0;
    const after = await ask(now + 20);
    expect(counter.uses).toBeGreaterThan(0);
    expect(JSON.parse(after.body(undefined).bytes.toString()).stories[0].sources).toBe(3);

    // And time passing (articles ageing out of the window) is checked again soon.
    await ask(now + 30);
    counter.uses = 0;
    await ask(now + 30 + UNCHANGED_TRUST_MS);
    expect(counter.uses).toBeGreaterThan(0);
  });

  it("shares one check among the requests that find it due at the same moment", async () => {
    const { database, counter } = counting(handle.database);
    const ask = (at: number) =>
      listStories(database, { scope: "bitcoin", limit: 20, windowMs: DEFAULT_STORIES_WINDOW_MS, now: at });
    const base = now + 10 * UNCHANGED_TRUST_MS;
    await ask(base);
    counter.uses = 0;
    await ask(base + UNCHANGED_TRUST_MS);
    const oneCheck = counter.uses;
    counter.uses = 0;
    await Promise.all(Array.from({ length: 10 }, () => ask(base + 2 * UNCHANGED_TRUST_MS)));
    // Each request reads the stamp (a row on PostgreSQL, nothing on SQLite); one checks.
    expect(counter.uses).toBe(oneCheck + (target.dialect === "postgres" ? 9 : 0));
  });
});
