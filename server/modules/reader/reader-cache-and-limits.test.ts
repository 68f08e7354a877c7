import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import type { TestSite } from "../analysis/fixtures/site.ts";
import { READ_KEPT_MS } from "../pages/page-reads.ts";
import { MAX_PAGES_AT_ONCE, MAX_VISITOR_PAGES } from "../pages/page-slots.ts";
import { storeRead } from "../pages/repository.ts";
import { HOUR, type ReaderSite, useReaderSite } from "./fixtures/reader-site.ts";
import { READER_BUSY } from "./service.ts";

/*
 * GET /api/reader (setup: fixtures/reader-site.ts): how long a read is kept, that one
 * fetch and read serves the reader view and the analysis, across processes, and the
 * limits on new reads and on pages being read at once.
 */

describe.each(testDatabaseTargets())("reader view on $dialect: cache, sharing and limits", (target) => {
  const reader = useReaderSite(target);
  const { held, appOptions, ask, read, analyse, known } = reader;
  let site: TestSite;
  let handle: ReaderSite["handle"];
  let app: FastifyInstance;
  beforeAll(() => {
    ({ site, handle, app } = reader);
  });

  it("keeps a read 24 hours, shared by every process on the database", async () => {
    await known([`${site.origin}/rich`]);
    await read(`${site.origin}/rich`);
    const other = await buildTestApp(openDatabase(handle.location), appOptions());
    try {
      const again = await read(`${site.origin}/rich`, other);
      expect(again.status).toBe("ok");
      expect(site.count("/rich")).toBe(1);
    } finally {
      await other.close();
    }
    const row = await handle.database.db
      .selectFrom("reader_cache")
      .select(["created_at", "expires_at"])
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(READ_KEPT_MS);
  });

  it("shares one fetch with the analysis: a reader then an analysis, and an analysis then a reader", async () => {
    await known([`${site.origin}/rich`, `${site.origin}/rich-2`]);
    await read(`${site.origin}/rich`);
    const analysis = await analyse(`${site.origin}/rich`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json().key_points.length).toBeGreaterThanOrEqual(3);
    expect(site.count("/rich")).toBe(1);

    const first = await analyse(`${site.origin}/rich-2`);
    expect(first.statusCode, first.body).toBe(200);
    expect((await read(`${site.origin}/rich-2`)).status).toBe("ok");
    expect(site.count("/rich-2")).toBe(1);
  });

  it("lets simultaneous asks for one page, the reader's and the analysis's, in two processes, share one fetch each", async () => {
    const url = `${site.origin}/slow`;
    await known([url]);
    const other = await buildTestApp(openDatabase(handle.location), appOptions());
    const asks = [ask(url), ask(url), analyse(url), ask(url), analyse(url), ask(url, other), ask(url, other)];
    try {
      // One fetch per process at most; both write the same address without error.
      await expect.poll(() => held.length).toBe(2);
      for (const release of held.splice(0)) release();
      const answers = await Promise.all(asks);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.filter((_, i) => i !== 2 && i !== 4).every((answer) => answer.json().status === "ok")).toBe(true);
      expect(site.count("/slow")).toBe(2);
      expect(await handle.database.db.selectFrom("reader_cache").select("url").execute()).toEqual([{ url }]);
    } finally {
      await other.close();
    }
  });
  it("allows 30 new reads a minute per address, with a clear 429, while kept reads still answer", async () => {
    const from = { remoteAddress: "198.18.9.1" };
    const missing = (i: number) => `${site.origin}/missing?n=${i}`;
    await known([`${site.origin}/rich`, ...Array.from({ length: 30 }, (_, i) => missing(i))]);
    expect((await ask(`${site.origin}/rich`, app, from)).statusCode).toBe(200);
    for (let i = 0; i < 29; i++) expect((await ask(missing(i), app, from)).statusCode).toBe(200);
    const refused = await ask(missing(29), app, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many new pages read for you\. Try again in \d+ seconds\.$/);
    expect(refused.headers["retry-after"]).toEqual(expect.any(String));
    // Kept reads are free, a page's and a failure's.
    expect((await ask(`${site.origin}/rich`, app, from)).statusCode).toBe(200);
    expect((await ask(missing(3), app, from)).statusCode).toBe(200);
    expect(site.count()).toBe(30);
    // A member on the same network is counted by account: the stranger cannot lock them out.
    const member = await joinAsMember(app, handle.database);
    expect((await ask(missing(29), app, { ...from, cookies: member.cookies })).statusCode).toBe(200);
  });

  it("lets one asker have only 2 pages being read at once (429), without charging them", async () => {
    const from = { remoteAddress: "198.18.9.2" };
    await known([`${site.origin}/slow?a`, `${site.origin}/slow?b`, `${site.origin}/rich`]);
    const slow = [ask(`${site.origin}/slow?a`, app, from), ask(`${site.origin}/slow?b`, app, from)];
    await expect.poll(() => held.length).toBe(2);
    const third = await ask(`${site.origin}/rich`, app, from);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toMatch(/^You already have 2 pages being read\. Try again in \d+ seconds\.$/);
    // Another visitor is not held up meanwhile.
    expect((await ask(`${site.origin}/rich`, app, { remoteAddress: "198.18.9.3" })).statusCode).toBe(200);
    for (const release of held.splice(0)) release();
    for (const answer of await Promise.all(slow)) expect(answer.json().status).toBe("ok");
  });

  it("takes its slots from the analysis's pool: an asker's analyses count against their reads, and the members' reserve holds", async () => {
    await known([`${site.origin}/rich`]);
    const busy = { remoteAddress: "198.18.12.1" };
    const analyses = [analyse(`${site.origin}/slow?pool=a`, busy), analyse(`${site.origin}/slow?pool=b`, busy)];
    await expect.poll(() => held.length).toBe(2);
    const refused = await ask(`${site.origin}/rich`, app, busy);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(/^You already have 2 pages being read\. Try again in \d+ seconds\.$/);
    // Other visitors' analyses take the rest of what visitors may hold together.
    for (let i = 2; i < MAX_VISITOR_PAGES; i++) {
      analyses.push(analyse(`${site.origin}/slow?pool=${i}`, { remoteAddress: `198.18.13.${i}` }));
    }
    await expect.poll(() => held.length).toBe(MAX_VISITOR_PAGES);
    const visitor = await ask(`${site.origin}/rich`, app, { remoteAddress: "198.18.14.1" });
    expect(visitor.statusCode, visitor.body).toBe(503);
    expect(visitor.json().error.message).toBe(READER_BUSY);
    expect(site.count("/rich")).toBe(0);
    // The members' reserve is the pool's, whichever feature asks.
    expect(MAX_PAGES_AT_ONCE).toBeGreaterThan(MAX_VISITOR_PAGES);
    const member = await joinAsMember(app, handle.database);
    const asMember = await ask(`${site.origin}/rich`, app, { cookies: member.cookies });
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json().status).toBe("ok");
    for (const release of held.splice(0)) release();
    for (const answer of await Promise.all(analyses)) expect(answer.statusCode, answer.body).toBe(200);
  });

  it("has maintenance delete the reads that have expired", async () => {
    const now = Date.now();
    const failure = { failure: { status: 502 as const, reason: "x" } };
    await storeRead(handle.database, "https://old.example/a", failure, now - 25 * HOUR, now - HOUR);
    await storeRead(handle.database, "https://fresh.example/a", failure, now, now + HOUR);
    await runMaintenance(
      {
        database: handle.database,
        dataDir: "/nonexistent",
        accountPurgeMs: 30 * 86_400_000,
        holder: "test",
        log: createLogger({ logLevel: "silent" }),
      },
      now,
    );
    const left = await handle.database.db.selectFrom("reader_cache").select("url").execute();
    expect(left).toEqual([{ url: "https://fresh.example/a" }]);
  });
});
