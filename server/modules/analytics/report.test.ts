import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analyticsSchema } from "../../../contracts/content.ts";
import { DAY_MS, dayOf } from "../../lib/days.ts";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { analyticsReport } from "./service.ts";

/** A fixed "now", late in a UTC day, so the period's edges are known. */
const NOW = Date.parse("2030-03-15T23:30:00Z");

describe.each(testDatabaseTargets())("the analytics report on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
  let admin: Record<string, string>;

  beforeAll(async () => {
    const login = await setup.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    admin = { gemwire_admin: cookieOf(login, "gemwire_admin")?.value ?? "" };
  });
  beforeEach(async () => {
    await setup.database.db.deleteFrom("page_views").execute();
  });

  const store = (rows: Array<[day: string, route: string, views: number]>) =>
    setup.database.db
      .insertInto("page_views")
      .values(rows.map(([day, route, views]) => ({ day, route, views })))
      .execute();

  it("is for the admin only", async () => {
    const visitor = await setup.app.inject({ method: "GET", url: "/api/admin/analytics" });
    expect(visitor.statusCode).toBe(401);
    // Refused before the query is read: no rules of the call are told to a visitor.
    const probing = await setup.app.inject({ method: "GET", url: "/api/admin/analytics?days=999" });
    expect(probing.statusCode).toBe(401);
    const member = await joinAsMember(setup.app, setup.database);
    const asMember = await setup.app.inject({ method: "GET", url: "/api/admin/analytics", cookies: member.cookies });
    expect(asMember.statusCode).toBe(401);
    const asAdmin = await setup.app.inject({ method: "GET", url: "/api/admin/analytics", cookies: admin });
    expect(asAdmin.statusCode).toBe(200);
  });

  it("gives the last 30 days by default, today last, counting what the page-view call counted", async () => {
    for (const path of ["/stories", "/stories", "/token/BTC"]) {
      await setup.app.inject({
        method: "POST",
        url: "/api/analytics/pageview",
        headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 Firefox/128.0" },
        payload: { path },
      });
    }
    const response = await setup.app.inject({ method: "GET", url: "/api/admin/analytics", cookies: admin });
    const report = analyticsSchema.parse(response.json());
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toEqual({ day: dayOf(Date.now()), views: 3 });
    expect(report.top).toEqual([
      { route: "/stories", views: 2 },
      { route: "/token/:symbol", views: 1 },
    ]);
    expect(report.total).toBe(3);
  });

  it("fills every day of the period, oldest first, and leaves out what lies outside it", async () => {
    await store([
      [dayOf(NOW), "/", 4],
      [dayOf(NOW), "/stories", 1],
      [dayOf(NOW - 3 * DAY_MS), "/", 2],
      [dayOf(NOW - 29 * DAY_MS), "/blog", 7],
      [dayOf(NOW - 30 * DAY_MS), "/blog", 100],
      [dayOf(NOW + DAY_MS), "/blog", 100],
    ]);
    const report = await analyticsReport(setup.database, 30, NOW);
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({ day: "2030-02-14", views: 7 });
    expect(report.days.at(-1)).toEqual({ day: "2030-03-15", views: 5 });
    expect(report.days.at(-4)).toEqual({ day: "2030-03-12", views: 2 });
    const days = report.days.map((entry) => entry.day);
    expect(days).toEqual([...days].sort());
    expect(new Set(days).size).toBe(30);
    expect(report.days.filter((entry) => entry.views === 0)).toHaveLength(27);
    expect(report.total).toBe(14);
    expect(report.top).toEqual([
      { route: "/blog", views: 7 },
      { route: "/", views: 6 },
      { route: "/stories", views: 1 },
    ]);
  });

  it("ranks the ten most viewed routes of the period, summed over its days", async () => {
    const routes = ["/", "/stories", "/news", "/market", "/tokens", "/blog", "/feed", "/search", "/x-feed", "/nft-art"];
    const rows: Array<[string, string, number]> = routes.flatMap((route, i) => [
      [dayOf(NOW), route, 10 * (i + 1)] as [string, string, number],
      [dayOf(NOW - 5 * DAY_MS), route, 1] as [string, string, number],
    ]);
    // The 11th and 12th routes have fewer views; the 12th's big day is outside the period.
    rows.push([dayOf(NOW), "/contact", 5], [dayOf(NOW), "/terms", 1], [dayOf(NOW - 40 * DAY_MS), "/terms", 999]);
    await store(rows);
    const report = await analyticsReport(setup.database, 30, NOW);
    expect(report.top).toHaveLength(10);
    expect(report.top.map((entry) => entry.route)).toEqual([...routes].reverse());
    expect(report.top[0]).toEqual({ route: "/nft-art", views: 101 });
    expect(report.top.at(-1)).toEqual({ route: "/", views: 11 });
    expect(report.total).toBe(routes.reduce((sum, _, i) => sum + 10 * (i + 1) + 1, 0) + 5 + 1);
  });

  it("says nothing was viewed yet with zeros, not gaps", async () => {
    const report = await analyticsReport(setup.database, 7, NOW);
    expect(report).toEqual({
      days: Array.from({ length: 7 }, (_, i) => ({ day: dayOf(NOW - (6 - i) * DAY_MS), views: 0 })),
      top: [],
      total: 0,
    });
  });

  it("appears in the API document, the report under admin and the page view taking JSON or text", async () => {
    const document = (await setup.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths["/api/admin/analytics"])).toEqual(["get"]);
    const body = document.paths["/api/analytics/pageview"].post.requestBody.content;
    expect(Object.keys(body).sort()).toEqual(["application/json", "text/plain"]);
  });

  it("takes the period in days, 1 to 90", async () => {
    const week = await setup.app.inject({ method: "GET", url: "/api/admin/analytics?days=7", cookies: admin });
    expect(week.json().days).toHaveLength(7);
    for (const days of ["0", "91", "abc", "1.5"]) {
      const response = await setup.app.inject({
        method: "GET",
        url: `/api/admin/analytics?days=${days}`,
        cookies: admin,
      });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().error.message).toMatch(/days/);
    }
  });
});
