import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.ts";
import { createInvite } from "./modules/accounts/invites.ts";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "./test/accounts.ts";
import { useTestApp } from "./test/app.ts";
import { testDatabaseTargets } from "./test/databases.ts";

/*
 * Every text input of the API, sent with a control character (or, in JSON, half a
 * surrogate pair) in it: each answers 400 in the app's error shape, on both databases,
 * and nothing stored changes. (PostgreSQL used to answer 500 for NUL, SQLite stored it.)
 */

const controls = {
  NUL: "\u0000",
  BEL: "\u0007",
  tab: "\t",
  "line feed": "\n",
  ESC: "\u001b",
  DEL: "\u007f",
  CSI: "\u009b",
};
const NUL_ONLY = { NUL: controls.NUL };

type Who = "visitor" | "member" | "admin";
type Case = {
  route: string;
  who: Who;
  request: (bad: string, ctx: { inviteCode: string; handle: string }) => InjectOptions;
  /** Where the character is reported in the message, and how when not by the shared rule. */
  field: string;
  says?: string;
  /** Sign-in passwords refuse only NUL (see contracts/text.ts). */
  onlyNul?: boolean;
};

const link = (bad: string) => `https://news.example/a${bad}b`;
const query = (value: string) => encodeURIComponent(value);
const bet = { token: "BTC", direction: "up", percentage: 1, timeFrame: "5m", wager: 10 };

const cases: Case[] = [
  {
    route: "GET /api/feeds/:key/items ?source",
    who: "visitor",
    field: "querystring.source",
    request: (bad) => ({ method: "GET", url: `/api/feeds/bitcoin/items?source=${query(`a${bad}b`)}` }),
  },
  {
    route: "GET /api/feeds/:key/items ?before",
    who: "visitor",
    field: "querystring.before",
    says: "must be an ISO-8601 time",
    request: (bad) => ({ method: "GET", url: `/api/feeds/bitcoin/items?before=${query(`top1${bad}`)}` }),
  },
  {
    route: "GET /api/search ?q",
    who: "visitor",
    field: "querystring.q",
    request: (bad) => ({ method: "GET", url: `/api/search?q=${query(`bit${bad}coin`)}` }),
  },
  ...(["inviteCode", "handle", "password", "email", "username"] as const).map(
    (field): Case => ({
      route: `POST /api/auth/signup ${field}`,
      who: "visitor",
      field: `body.${field}`,
      request: (bad, { inviteCode }) => {
        const body = {
          inviteCode,
          handle: "new_joiner",
          password: TEST_PASSWORD,
          email: "j@example.org",
          username: "Jo",
        };
        return { method: "POST", url: "/api/auth/signup", payload: { ...body, [field]: `${body[field]}${bad}x` } };
      },
    }),
  ),
  {
    route: "POST /api/auth/login handle",
    who: "visitor",
    field: "body.handle",
    request: (bad, { handle }) => ({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: `${handle}${bad}`, password: TEST_PASSWORD },
    }),
  },
  {
    route: "POST /api/auth/login password",
    who: "visitor",
    field: "body.password",
    onlyNul: true,
    request: (bad, { handle }) => ({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle, password: `${TEST_PASSWORD}${bad}` },
    }),
  },
  {
    route: "POST /api/admin/login password",
    who: "visitor",
    field: "body.password",
    onlyNul: true,
    request: (bad) => ({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: `${TEST_ADMIN_PASSWORD}${bad}` },
    }),
  },
  {
    route: "GET /api/avatars/:name",
    who: "visitor",
    field: "params.name",
    request: (bad) => ({ method: "GET", url: `/api/avatars/${query(`a${bad}.webp`)}` }),
  },
  {
    route: "PATCH /api/me username",
    who: "member",
    field: "body.username",
    request: (bad) => ({ method: "PATCH", url: "/api/me", payload: { username: `a${bad}b` } }),
  },
  {
    route: "PATCH /api/me email",
    who: "member",
    field: "body.email",
    request: (bad) => ({ method: "PATCH", url: "/api/me", payload: { email: `a${bad}b@example.org` } }),
  },
  {
    route: "DELETE /api/me handle",
    who: "member",
    field: "body.handle",
    request: (bad, { handle }) => ({ method: "DELETE", url: "/api/me", payload: { handle: `${handle}${bad}` } }),
  },
  {
    route: "PUT /api/votes link",
    who: "member",
    field: "body.link",
    request: (bad) => ({ method: "PUT", url: "/api/votes", payload: { link: link(bad), vote: "up" } }),
  },
  {
    route: "PUT /api/favorites link",
    who: "member",
    field: "body.link",
    request: (bad) => ({ method: "PUT", url: "/api/favorites", payload: { link: link(bad) } }),
  },
  {
    route: "DELETE /api/favorites ?link",
    who: "member",
    field: "querystring.link",
    request: (bad) => ({ method: "DELETE", url: `/api/favorites?link=${query(link(bad))}` }),
  },
  {
    route: "POST /api/admin/invites note",
    who: "admin",
    field: "body.note",
    request: (bad) => ({ method: "POST", url: "/api/admin/invites", payload: { note: `for a${bad}b` } }),
  },
  {
    route: "POST /api/predictions token",
    who: "member",
    field: "body.token",
    request: (bad) => ({ method: "POST", url: "/api/predictions", payload: { ...bet, token: `B${bad}TC` } }),
  },
  {
    route: "POST /api/predictions timeFrame",
    who: "member",
    field: "body.timeFrame",
    request: (bad) => ({ method: "POST", url: "/api/predictions", payload: { ...bet, timeFrame: `5${bad}m` } }),
  },
  {
    route: "GET /api/predictions ?before",
    who: "visitor",
    field: "querystring.before",
    says: "must be a page's `next`",
    request: (bad) => ({ method: "GET", url: `/api/predictions?before=${query(`1.a${bad}`)}` }),
  },
];

/** Only JSON can carry half a surrogate pair; a URL cannot even encode one. */
const LONE_SURROGATE = "\ud800";
const inBody = (row: Case) => row.request("", { inviteCode: "", handle: "" }).payload !== undefined;

const rows = cases.flatMap((row) => [
  ...Object.entries(row.onlyNul ? NUL_ONLY : controls).map(([name, bad]) => ({ ...row, name, bad })),
  ...(inBody(row) && !row.onlyNul ? [{ ...row, name: "a lone surrogate", bad: LONE_SURROGATE }] : []),
]);

/** Everything a member, a visitor or the admin can change through these routes. */
async function snapshot({ db }: Database) {
  const tables = [
    "users",
    "invites",
    "sessions",
    "rate_limits",
    "article_votes",
    "favorites",
    "user_predictions",
    "gems_ledger",
  ] as const;
  const all: Record<string, unknown[]> = {};
  for (const table of tables) all[table] = await db.selectFrom(table).selectAll().execute();
  return all;
}

describe.each(testDatabaseTargets())("text inputs with control characters on $dialect", (target) => {
  const setup = useTestApp(target, { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
  const cookies: Record<Who, Record<string, string>> = { visitor: {}, member: {}, admin: {} };
  let member = "";
  let inviteCode = "";

  beforeAll(async () => {
    const joined = await joinAsMember(setup.app, setup.database, "text_tester");
    member = joined.handle;
    cookies.member = joined.cookies;
    const admin = await setup.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    cookies.admin = { gemwire_admin: cookieOf(admin, "gemwire_admin")?.value ?? "" };
    inviteCode = (await createInvite(setup.database, { note: "open for the sign-up rows" })).code;
  });

  it.each(rows)("$route refuses $name with 400", async ({ who, request, bad, field, says }) => {
    const before = await snapshot(setup.database);
    const options = request(bad, { inviteCode, handle: member });
    const response = await setup.app.inject({ ...options, cookies: cookies[who] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.json().error.message).toContain(`${field}: ${says ?? "Must not contain"}`);
    expect(await snapshot(setup.database)).toEqual(before);
  });

  it("lets a sign-in password hold a tab: it is only checked against the hash", async () => {
    const response = await setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: member, password: `${TEST_PASSWORD}\t` },
    });
    expect(response.statusCode).toBe(401);
  });
});
