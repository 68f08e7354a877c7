import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../test/databases.ts";
import { createInvite } from "../accounts/invites.ts";

describe.each(testDatabaseTargets())("settings API on $dialect", (target) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    app = await buildTestApp(handle.database, { env: { ADMIN_PASSWORD: "admin password for tests" } });
    const { code } = await createInvite(handle.database, {});
    const joined = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: "settings_member", password: "correct horse battery" },
    });
    cookies = { gemwire_session: joined.cookies.find((c) => c.name === "gemwire_session")?.value ?? "" };
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  const settings = async () => (await app.inject({ method: "GET", url: "/api/settings", cookies })).json();

  it("starts with degen mode off and the default feeds", async () => {
    const initial = await settings();
    expect(initial).toMatchObject({
      degenMode: false,
      enabledFeeds: ["gemwire", "bitcoin", "news", "market", "search"],
    });
    expect(initial.feedOrder.slice(0, 5)).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
  });

  it("turns degen mode on (all 11 feeds, degen order) and off again, and remembers it", async () => {
    const on = await app.inject({
      method: "PUT",
      url: "/api/settings/degen-mode",
      cookies,
      payload: { degenMode: true },
    });
    expect(on.json().enabledFeeds).toHaveLength(11);
    expect(on.json().feedOrder.slice(0, 3)).toEqual(["gemwire", "animalmemes", "bitcoin"]);
    expect((await settings()).degenMode).toBe(true);
    await app.inject({ method: "PUT", url: "/api/settings/degen-mode", cookies, payload: { degenMode: false } });
    expect((await settings()).enabledFeeds).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
  });

  it("keeps bitcoin enabled whatever is sent", async () => {
    const saved = await app.inject({
      method: "PUT",
      url: "/api/settings/feeds",
      cookies,
      payload: { enabledFeeds: ["youtube"] },
    });
    expect(saved.json().enabledFeeds.sort()).toEqual(["bitcoin", "youtube"]);
    expect((await settings()).enabledFeeds.sort()).toEqual(["bitcoin", "youtube"]);
  });

  it("refuses unknown feed keys and visitors", async () => {
    const unknown = await app.inject({
      method: "PUT",
      url: "/api/settings/feeds",
      cookies,
      payload: { enabledFeeds: ["dogecoin"] },
    });
    expect(unknown.statusCode).toBe(400);
    const visitor = await app.inject({ method: "GET", url: "/api/settings" });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe("User not authenticated");
  });
});
