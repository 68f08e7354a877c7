import { beforeEach, describe, expect, it } from "vitest";
import { dayOf } from "../../lib/days.ts";
import { joinAsMember, TEST_ADMIN_PASSWORD } from "../../test/accounts.ts";
import { useTestApp, withTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

/** What Chromium driven by Playwright sends (our browser tests). */
const HEADLESS_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

let nextAddress = 0;
/** A fresh address per report unless one is given, so the per-address limit only bites where a test means it to. */
const freshAddress = () => `203.0.113.${(++nextAddress % 250) + 1}`;

describe.each(testDatabaseTargets())("page views on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
  beforeEach(async () => {
    await setup.database.db.deleteFrom("page_views").execute();
    await setup.database.db.deleteFrom("rate_limits").execute();
  });

  const report = (
    path: unknown,
    options: { headers?: Record<string, string>; address?: string; type?: string; body?: string } = {},
  ) =>
    setup.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      headers: {
        "content-type": options.type ?? "text/plain;charset=UTF-8",
        "user-agent": FIREFOX,
        origin: "http://localhost:80",
        ...options.headers,
      },
      payload: options.body ?? JSON.stringify({ path }),
      remoteAddress: options.address ?? freshAddress(),
    });

  /** Every stored row, as the table holds it. */
  const stored = () => setup.database.db.selectFrom("page_views").selectAll().orderBy("route").execute();
  const counts = async () => Object.fromEntries((await stored()).map((row) => [row.route, Number(row.views)]));

  it("counts each view under today's date and the page's route pattern, nothing else", async () => {
    for (const path of [
      "/",
      "/token/BTC",
      "/token/eth",
      "/Token/SOL/",
      "/stories?feed=news",
      "/blog/a-post#comments",
    ]) {
      const response = await report(path);
      expect(response.statusCode, path).toBe(204);
      expect(response.body).toBe("");
    }
    expect(await counts()).toEqual({ "/": 1, "/blog/:slug": 1, "/stories": 1, "/token/:symbol": 3 });
    const rows = await stored();
    // Only the day, the pattern and the count: no path, address, cookie or agent.
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["day", "route", "views"]);
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set([dayOf(Date.now())]));
    expect(JSON.stringify(rows)).not.toMatch(/BTC|a-post|203\.0\.113|Firefox/);
  });

  it("takes the report as application/json too", async () => {
    expect((await report("/news", { type: "application/json" })).statusCode).toBe(204);
    expect(await counts()).toEqual({ "/news": 1 });
  });

  it.each([
    "/no/such/page",
    "/api/health",
    "/api/analytics/pageview",
    "/assets/index-abc123.js",
    "/feeds/gemwire.xml",
    "/wp-login.php",
    "token/BTC",
    "https://evil.example/stories",
    "//evil.example/stories",
    "",
  ])("ignores %j, which is no page of the app (still 204)", async (path) => {
    expect((await report(path)).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
    "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "curl/8.5.0",
    "",
  ])("ignores a crawler or script (%j)", async (agent) => {
    expect((await report("/stories", { headers: { "user-agent": agent } })).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it("counts the headless Chromium our browser tests drive", async () => {
    expect((await report("/stories", { headers: { "user-agent": HEADLESS_CHROME } })).statusCode).toBe(204);
    expect(await counts()).toEqual({ "/stories": 1 });
  });

  it.each<Record<string, string>>([
    { "sec-purpose": "prefetch" },
    { "sec-purpose": "prefetch;prerender" },
    { purpose: "prefetch" },
    { "x-moz": "prefetch" },
  ])("ignores a prefetch (%o)", async (headers) => {
    expect((await report("/stories", { headers })).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it("drops an address's views past 300 a minute, and nothing else", async () => {
    const busy = "198.51.100.200";
    const answers = await Promise.all(Array.from({ length: 305 }, () => report("/market", { address: busy })));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(await counts()).toEqual({ "/market": 300 });
    // Another address still counts…
    await report("/market", { address: "198.51.100.201" });
    expect(await counts()).toEqual({ "/market": 301 });
    // …and the busy one is not held back anywhere else: the admin signs in from it.
    const login = await setup.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: TEST_ADMIN_PASSWORD },
      remoteAddress: busy,
    });
    expect(login.statusCode).toBe(204);
  });

  it("does not count ignored reports against the address", async () => {
    const address = "198.51.100.210";
    await Promise.all(Array.from({ length: 301 }, () => report("/no/such/page", { address })));
    await report("/market", { address });
    expect(await counts()).toEqual({ "/market": 1 });
  });

  it("loses no view when 50 arrive at once", async () => {
    await report("/predictions");
    await Promise.all(Array.from({ length: 50 }, () => report("/predictions")));
    expect(await counts()).toEqual({ "/predictions": 51 });
  });

  it.each([
    ["a body that is not JSON", { body: "/stories" }, 400],
    ["an empty body", { body: "" }, 400],
    ["no path", { body: "{}" }, 400],
    ["a path that is not text", { body: '{"path":42}' }, 400],
    ["a path with control characters", { body: JSON.stringify({ path: "/stories\n" }) }, 400],
    ["a body over 4 KB", { body: JSON.stringify({ path: `/blog/${"a".repeat(4100)}` }) }, 413],
  ])("refuses %s", async (_, options, status) => {
    const response = await report(undefined, options);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBeTruthy();
    expect(await stored()).toEqual([]);
  });

  it("is refused from another site, like every other POST", async () => {
    const response = await report("/stories", { headers: { origin: "https://evil.example" } });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it("does not look at who is viewing, even when the beacon carries a session cookie", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const longAgo = Date.now() - 2 * 3_600_000;
    const own = setup.database.db.updateTable("sessions").where("user_id", "=", member.id);
    await own.set({ last_seen_at: longAgo }).execute();
    const response = await report("/stories", {
      headers: { cookie: `gemwire_session=${member.cookies.gemwire_session}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await counts()).toEqual({ "/stories": 1 });
    // Reading the session would have marked it as just seen.
    const sessions = await setup.database.db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("user_id", "=", member.id)
      .execute();
    expect(sessions.map((row) => Number(row.last_seen_at))).toEqual([longAgo]);
  });
});

describe("page views with ACCESS_MODE=members", () => {
  it("are counted for visitors too (the sign-in and legal pages)", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app, database) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/analytics/pageview",
        headers: { "content-type": "text/plain", "user-agent": FIREFOX },
        payload: JSON.stringify({ path: "/login" }),
      });
      expect(response.statusCode).toBe(204);
      const rows = await database.db.selectFrom("page_views").select(["route", "views"]).execute();
      expect(rows.map((row) => [row.route, Number(row.views)])).toEqual([["/login", 1]]);
      // The counts themselves stay behind the admin sign-in.
      expect((await app.inject({ method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(401);
    });
  });
});
