import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { createInvite } from "../accounts/invites.ts";

describe.each(testDatabaseTargets())("settings API on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: "admin password for tests" } });
  let cookies: Record<string, string>;

  beforeAll(async () => {
    const { code } = await createInvite(setup.database, {});
    const joined = await setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: "settings_member", password: "correct horse battery" },
    });
    cookies = { gemwire_session: joined.cookies.find((c) => c.name === "gemwire_session")?.value ?? "" };
  });

  const settings = async () => (await setup.app.inject({ method: "GET", url: "/api/settings", cookies })).json();

  it("starts with degen mode off and the default feeds", async () => {
    const initial = await settings();
    expect(initial).toMatchObject({
      degenMode: false,
      enabledFeeds: ["gemwire", "bitcoin", "news", "market", "search"],
    });
    expect(initial.feedOrder.slice(0, 5)).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
  });

  it("turns degen mode on (all 11 feeds, degen order) and off again, and remembers it", async () => {
    const on = await setup.app.inject({
      method: "PUT",
      url: "/api/settings/degen-mode",
      cookies,
      payload: { degenMode: true },
    });
    expect(on.json().enabledFeeds).toHaveLength(11);
    expect(on.json().feedOrder.slice(0, 3)).toEqual(["gemwire", "animalmemes", "bitcoin"]);
    expect((await settings()).degenMode).toBe(true);
    await setup.app.inject({ method: "PUT", url: "/api/settings/degen-mode", cookies, payload: { degenMode: false } });
    expect((await settings()).enabledFeeds).toEqual(["gemwire", "bitcoin", "news", "market", "search"]);
  });

  it("keeps bitcoin enabled whatever is sent", async () => {
    const saved = await setup.app.inject({
      method: "PUT",
      url: "/api/settings/feeds",
      cookies,
      payload: { enabledFeeds: ["youtube"] },
    });
    expect(saved.json().enabledFeeds.sort()).toEqual(["bitcoin", "youtube"]);
    expect((await settings()).enabledFeeds.sort()).toEqual(["bitcoin", "youtube"]);
  });

  it("refuses unknown feed keys and visitors", async () => {
    const unknown = await setup.app.inject({
      method: "PUT",
      url: "/api/settings/feeds",
      cookies,
      payload: { enabledFeeds: ["dogecoin"] },
    });
    expect(unknown.statusCode).toBe(400);
    const visitor = await setup.app.inject({ method: "GET", url: "/api/settings" });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe("User not authenticated");
  });
});
