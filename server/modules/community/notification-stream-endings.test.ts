import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, TEST_PASSWORD } from "../../test/accounts.ts";
import { communityTestApp, type Member } from "../../test/community.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { openEventStream } from "../../test/event-stream.ts";

/*
 * Streams end at once, with a `signed-out` event the page obeys by not reconnecting,
 * when their session or account ends through this process. The session check (for
 * other processes) is set to a minute here, so only the immediate ending can pass.
 */
describe.each(testDatabaseTargets())("notification streams ending with their session on $dialect", (target) => {
  const ctx = communityTestApp(target, { pollMs: 50, sessionCheckMs: 60_000 });
  let base = "";
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });
  const streams: Array<Awaited<ReturnType<typeof openEventStream>>> = [];
  afterAll(async () => {
    for (const stream of streams) await stream.close();
  });

  const connect = async (session: string) => {
    const stream = await openEventStream(`${base}/api/notifications/stream`, { cookie: `gemwire_session=${session}` });
    streams.push(stream);
    await stream.until(() => expect(stream.events[0]?.event).toBe("ready"));
    return stream;
  };
  /** A second session of the same member. */
  const signIn = async (member: Member, cookies: Record<string, string> = {}) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: member.handle, password: TEST_PASSWORD },
      cookies,
    });
    expect(response.statusCode).toBe(200);
    return cookieOf(response, "gemwire_session")?.value ?? "";
  };
  /** How long the stream took to end after `since`. */
  const endedWithin = async (stream: Awaited<ReturnType<typeof connect>>, since: number) => {
    await stream.until(() => expect(stream.ended).toBe(true), 3_000);
    return Date.now() - since;
  };

  it("ends the session's streams within a second of signing out, and no other session's", async () => {
    const member = await ctx.join();
    const other = await signIn(member);
    const [mine, mineToo, elsewhere] = [
      await connect(member.cookies.gemwire_session),
      await connect(member.cookies.gemwire_session),
      await connect(other),
    ];
    const started = Date.now();
    const out = await ctx.app.inject({ method: "POST", url: "/api/auth/logout", cookies: member.cookies });
    expect(out.statusCode).toBe(204);
    for (const stream of [mine, mineToo]) {
      expect(await endedWithin(stream, started)).toBeLessThan(1_000);
      expect(stream.events.at(-1)).toEqual({ event: "signed-out", data: { reason: "signed-out" } });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(elsewhere.ended).toBe(false);
    // Signing in over a session ends that session too, and its streams with it.
    const started2 = Date.now();
    await signIn(member, { gemwire_session: other });
    expect(await endedWithin(elsewhere, started2)).toBeLessThan(1_000);
    expect(elsewhere.events.at(-1)).toEqual({ event: "signed-out", data: { reason: "signed-out" } });
  });

  it("ends every stream of a deleted account within a second", async () => {
    const member = await ctx.join();
    const other = await signIn(member);
    const opened = [await connect(member.cookies.gemwire_session), await connect(other)];
    const bystander = await ctx.join();
    const theirs = await connect(bystander.cookies.gemwire_session);
    const started = Date.now();
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies: member.cookies,
      payload: { handle: member.handle },
    });
    expect(deleted.statusCode).toBe(204);
    for (const stream of opened) {
      expect(await endedWithin(stream, started)).toBeLessThan(1_000);
      expect(stream.events.at(-1)).toEqual({ event: "signed-out", data: { reason: "account-deleted" } });
    }
    expect(theirs.ended).toBe(false);
  });
});
