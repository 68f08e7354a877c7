import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "../../test/databases.ts";
import { openEventStream } from "../../test/event-stream.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;

const SESSION_CHECK_MS = 400;
type Notified = { id: string; data: { notification: { seq: number; description: string } } };

/*
 * Two Gemwire processes on one database, as behind a load balancer: two apps, each with
 * its own connection (pool) and its own notification hub. Comments posted through one
 * reach streams held by the other, each notification once. On PostgreSQL the comments
 * are posted all at once; two SQLite connections in one test process cannot interleave
 * transactions (the driver waits synchronously for the other's lock), so there they
 * are posted one after another.
 */
describe.each(testDatabaseTargets())("notification streams with two processes on one $dialect database", (target) => {
  let handle: TestDatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let addressA = "";
  let addressB = "";
  const link = "https://news.example/shared";

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    await upsertArticles(handle.database, "bitcoin", [testItem("shared", 1, Date.now())], Date.now());
    // Sessions ended through the other process are noticed within SESSION_CHECK_MS.
    const notificationStreams = { pollMs: 100, sessionCheckMs: SESSION_CHECK_MS };
    a = await buildTestApp(handle.database, { notificationStreams });
    b = await buildTestApp(openDatabase(handle.location), { notificationStreams });
    addressA = await a.listen({ port: 0, host: "127.0.0.1" });
    addressB = await b.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await handle.dispose();
  });

  const stream = async (address: string, member: Member) => {
    const opened = await openEventStream(`${address}/api/notifications/stream`, {
      cookie: `gemwire_session=${member.cookies.gemwire_session}`,
    });
    await opened.until(() => expect(opened.events[0]?.event).toBe("ready"));
    return opened;
  };
  const seqsOf = (opened: Awaited<ReturnType<typeof stream>>) =>
    (opened.notifications() as Notified[]).map((event) => event.data.notification.seq);

  it("delivers every notification made through one process to streams on the other, exactly once", async () => {
    const readers = [await joinAsMember(a, handle.database), await joinAsMember(b, handle.database)];
    for (const reader of readers) {
      const favorite = await b.inject({
        method: "PUT",
        url: "/api/favorites",
        payload: { link },
        cookies: reader.cookies,
      });
      expect(favorite.statusCode).toBe(200);
    }
    const writers = await Promise.all(Array.from({ length: 6 }, () => joinAsMember(a, handle.database)));
    // Reader 0 listens on B only; reader 1 on both A and B.
    const streams = [await stream(addressB, readers[0] as Member), await stream(addressB, readers[1] as Member)];
    const onA = await stream(addressA, readers[1] as Member);
    // Most through A, some through B: each process's writes reach the other's streams.
    const posts = writers.flatMap((writer, w) =>
      [0, 1, 2, 3].map(
        (i) => () =>
          (i === 3 ? b : a).inject({
            method: "POST",
            url: "/api/comments",
            payload: { contentId: link, content: `w${w}.${i}` },
            cookies: writer.cookies,
          }),
      ),
    );
    const answers = [];
    if (target.dialect === "postgres") answers.push(...(await Promise.all(posts.map((post) => post()))));
    else for (const post of posts) answers.push(await post());
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const all = Array.from({ length: 24 }, (_, i) => i + 1);
    for (const opened of [...streams, onA]) await opened.until(() => expect(seqsOf(opened)).toEqual(all), 10_000);
    // A few more polls on both sides send nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const opened of [...streams, onA]) {
      expect(seqsOf(opened)).toEqual(all);
      const descriptions = (opened.notifications() as Notified[]).map((event) => event.data.notification.description);
      expect(new Set(descriptions).size).toBe(24);
    }
    for (const opened of [...streams, onA]) await opened.close();
  });

  it("ends a stream on one process within the session check after signing out through the other", async () => {
    const [leaving, staying] = [await joinAsMember(a, handle.database), await joinAsMember(a, handle.database)];
    const onB = await stream(addressB, leaving);
    const stays = await stream(addressB, staying);
    const started = Date.now();
    const out = await a.inject({ method: "POST", url: "/api/auth/logout", cookies: leaving.cookies });
    expect(out.statusCode).toBe(204);
    await onB.until(() => expect(onB.ended).toBe(true), 3_000);
    // The check runs at the first poll after its interval (polls are 100 ms apart).
    expect(Date.now() - started).toBeLessThan(SESSION_CHECK_MS + 1_000);
    expect(onB.events.at(-1)).toEqual({ event: "signed-out", data: { reason: "session-ended" } });
    expect(stays.ended).toBe(false);
    await stays.close();
  });
});
