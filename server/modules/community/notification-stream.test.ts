import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationEventSchema } from "../../../contracts/community.ts";
import { openDatabase } from "../../db/connection.ts";
import { buildTestApp } from "../../test/app.ts";
import { article, communityTestApp, type Member } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { get, json, openEventStream } from "../../test/event-stream.ts";
import { STREAMS_PER_MEMBER } from "./notification-hub.ts";

type Notified = { id: string; data: { notification: { seq: number; description: string }; unread: number } };

describe.each(testDatabaseTargets())("the notification stream on $dialect", (target) => {
  const ctx = communityTestApp(target, { pollMs: 50, heartbeatMs: 300, sessionCheckMs: 300 });
  let base = "";
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });
  const streams: Array<Awaited<ReturnType<typeof openEventStream>>> = [];
  afterAll(async () => {
    for (const stream of streams) await stream.close();
  });

  const cookie = (member: Member) => `gemwire_session=${member.cookies.gemwire_session}`;
  const connect = async (member: Member, options: { query?: string; lastEventId?: string } = {}) => {
    const stream = await openEventStream(`${base}/api/notifications/stream${options.query ?? ""}`, {
      cookie: cookie(member),
      "accept-encoding": "gzip, deflate, br",
      ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
    });
    streams.push(stream);
    return stream;
  };
  const seqsOf = (stream: Awaited<ReturnType<typeof connect>>) =>
    (stream.notifications() as Notified[]).map((event) => event.data.notification.seq);
  /** A member who favorites `link`, so every comment on it notifies them. */
  const follower = async (link: string) => {
    const member = await ctx.join();
    await ctx.favorite(member, link);
    return member;
  };
  const say = async (member: Member, link: string, content: string) =>
    expect((await ctx.comment(member, link, content)).statusCode).toBe(201);

  it("streams uncompressed with the event-stream headers and the security headers", async () => {
    const member = await ctx.join();
    const stream = await connect(member);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    expect(stream.response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
    await stream.until(() => expect(stream.events).toHaveLength(1));
    expect(stream.retries).toEqual([5000]);
    expect(stream.events[0]).toEqual({ id: "0", event: "ready", data: { unread: 0, seq: 0 } });
    await stream.close();
  });

  it("sends each notification made through another request once, in order, as it commits", async () => {
    const link = article(1);
    const reader = await follower(link);
    const [ann, bob] = [await ctx.join(), await ctx.join()];
    await say(ann, link, "before connecting");
    const stream = await connect(reader);
    await stream.until(() => expect(stream.events[0]?.event).toBe("ready"));
    expect(stream.events[0]?.data).toEqual({ unread: 1, seq: 1 });
    for (const [i, who] of [ann, bob, ann, bob].entries()) await say(who, link, `live ${i}`);
    await stream.until(() => expect(seqsOf(stream)).toEqual([2, 3, 4, 5]));
    const events = stream.notifications() as Notified[];
    expect(events.map((event) => event.id)).toEqual(["2", "3", "4", "5"]);
    expect(events.map((event) => event.data.notification.description)).toEqual([
      "live 0",
      "live 1",
      "live 2",
      "live 3",
    ]);
    expect(events.map((event) => event.data.unread)).toEqual([2, 3, 4, 5]);
    for (const event of events) expect(notificationEventSchema.safeParse(event.data).success).toBe(true);
    // Nothing more arrives on later polls.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seqsOf(stream)).toEqual([2, 3, 4, 5]);
    await stream.close();
  });

  it("delivers every notification exactly once when several members comment at once", async () => {
    const link = article(2);
    const reader = await follower(link);
    const stream = await connect(reader);
    await stream.until(() => expect(stream.events).toHaveLength(1));
    const writers = await Promise.all(Array.from({ length: 5 }, () => ctx.join()));
    const answers = await Promise.all(
      writers.flatMap((writer, w) => [0, 1, 2].map((i) => ctx.comment(writer, link, `w${w}.${i}`))),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const all = Array.from({ length: 15 }, (_, i) => i + 1);
    await stream.until(() => expect(seqsOf(stream)).toEqual(all));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seqsOf(stream)).toEqual(all);
    await stream.close();
  });

  it("resumes after Last-Event-ID (or `after`) with only the missed notifications", async () => {
    const link = article(3);
    const reader = await follower(link);
    const writer = await ctx.join();
    const first = await connect(reader);
    await first.until(() => expect(first.events).toHaveLength(1));
    await say(writer, link, "one");
    await say(writer, link, "two");
    await first.until(() => expect(seqsOf(first)).toEqual([1, 2]));
    const lastId = (first.notifications().at(-1) as Notified).id;
    await first.close();
    await say(writer, link, "three, while away");
    await say(writer, link, "four, while away");
    const again = await connect(reader, { lastEventId: lastId, query: "?after=0" });
    await again.until(() => expect(seqsOf(again)).toEqual([3, 4]));
    expect(again.events[0]).toEqual({ id: "2", event: "ready", data: { unread: 4, seq: 4 } });
    const fromQuery = await connect(reader, { query: "?after=3" });
    await fromQuery.until(() => expect(seqsOf(fromQuery)).toEqual([4]));
    // A number beyond the member's latest starts at the latest: the next one is not skipped.
    const ahead = await connect(reader, { query: "?after=99" });
    await ahead.until(() => expect(ahead.events).toHaveLength(1));
    await say(writer, link, "five");
    await ahead.until(() => expect(seqsOf(ahead)).toEqual([5]));
    for (const stream of [again, fromQuery, ahead]) await stream.close();
    const bad = await get(`${base}/api/notifications/stream`, { cookie: cookie(reader), "last-event-id": "abc" })
      .answered;
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({
      error: { code: "invalid_request", message: "Last-Event-ID must be the number of a notification" },
    });
  });

  it("catches up on at most the newest 100", async () => {
    const member = await ctx.join();
    const rows = Array.from({ length: 130 }, (_, i) => ({
      id: `bulk-${member.id}-${i}`,
      user_id: member.id,
      seq: i + 1,
      kind: "comment" as const,
      title: "New Comment",
      description: `bulk ${i + 1}`,
      target: null,
      cause: `comment:bulk-${i}`,
      read_at: null,
      created_at: Date.now(),
    }));
    await ctx.handle.database.db.insertInto("notifications").values(rows).execute();
    await ctx.handle.database.db
      .updateTable("users")
      .set({ notification_seq: 130 })
      .where("id", "=", member.id)
      .execute();
    const stream = await connect(member, { query: "?after=0" });
    await stream.until(() => expect(seqsOf(stream)).toHaveLength(100));
    expect(seqsOf(stream)).toEqual(Array.from({ length: 100 }, (_, i) => i + 31));
    expect((stream.notifications().at(-1) as Notified).data.unread).toBe(130);
    await stream.close();
  });

  it("answers 401 before streaming to visitors and to ended sessions", async () => {
    const visitor = await get(`${base}/api/notifications/stream`).answered;
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await json(visitor)).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });
    const member = await ctx.join();
    await ctx.app.inject({ method: "POST", url: "/api/auth/logout", cookies: member.cookies });
    const signedOut = await get(`${base}/api/notifications/stream`, { cookie: cookie(member) }).answered;
    expect(signedOut.status).toBe(401);
    await json(signedOut);
  });

  it("sends a quiet stream a `ping` event the page can see, without an id", async () => {
    const stream = await connect(await ctx.join());
    await stream.until(() => expect(stream.events.filter((event) => event.event === "ping")).toHaveLength(2), 3_000);
    expect(stream.events.slice(1, 3)).toEqual([
      { event: "ping", data: {} },
      { event: "ping", data: {} },
    ]);
    expect(stream.comments).toEqual([]);
    await stream.close();
  });

  it("keeps at most 3 streams per member: a fourth ends the oldest with an `evicted` event", async () => {
    const member = await ctx.join();
    const open = [];
    for (let i = 0; i < STREAMS_PER_MEMBER + 1; i++) {
      const stream = await connect(member);
      await stream.until(() => expect(stream.events).toHaveLength(1));
      open.push(stream);
    }
    expect(STREAMS_PER_MEMBER).toBe(3);
    await open[0]?.finished;
    expect(open.map((stream) => stream.ended)).toEqual([true, false, false, false]);
    // The page is told not to reconnect (it would evict the next one, forever); it polls instead.
    expect(open[0]?.events.at(-1)).toEqual({ event: "evicted", data: { reason: "too-many-streams" } });
    for (const stream of open.slice(1)) expect(stream.events.map((event) => event.event)).not.toContain("evicted");
    for (const stream of open) await stream.close();
  });

  it("ends open streams at once when the app closes", async () => {
    const second = openDatabase(ctx.handle.location);
    const app = await buildTestApp(second, { notificationStreams: { pollMs: 50 } });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const member = await ctx.join();
    const stream = await openEventStream(`${address}/api/notifications/stream`, { cookie: cookie(member) });
    await stream.until(() => expect(stream.events).toHaveLength(1));
    const started = Date.now();
    await app.close();
    await stream.finished;
    expect(stream.ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(app.notificationHub.size).toBe(0);
  });
});
