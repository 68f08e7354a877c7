import { afterAll, describe, expect, it } from "vitest";
import { MAX_READ_LINKS_PER_REQUEST, READ_STATE_LIMITS } from "../../../contracts/reading-catalog.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { limits } from "../../lib/rate-limit/limits.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember, TEST_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { tempDirs } from "../../test/temp-dirs.ts";
import { upsertArticles } from "../articles/repository.ts";
import { setReadState } from "./service.ts";

const DAY = 86_400_000;
const now = Date.now();
const link = (id: string) => `https://news.example/${id}`;
const temp = tempDirs();
afterAll(() => temp.removeAll());

type Member = Awaited<ReturnType<typeof joinAsMember>>;

describe.each(testDatabaseTargets())("read state on $dialect", (target) => {
  let dataDir: string;

  const setup = useTestApp(target, () => {
    dataDir = temp.make("data");
    return {
      env: { DATA_DIR: dataDir },
      seed: (database) =>
        upsertArticles(
          database,
          "bitcoin",
          [
            testItem("r1", 1, now, { title: "Bitcoin miners sell reserves" }),
            testItem("r2", 2, now, { title: "Ethereum gas falls to a yearly low" }),
          ],
          now,
        ),
    };
  });

  const join = () => joinAsMember(setup.app, setup.database);
  const mark = (member: Member | null, payload: unknown) =>
    setup.app.inject({
      method: "PUT",
      url: "/api/reading/read",
      payload: payload as object,
      ...(member ? { cookies: member.cookies } : {}),
    });
  const readLinks = async (member: Member) => {
    const response = await setup.app.inject({
      method: "GET",
      url: "/api/feeds/bitcoin/items",
      cookies: member.cookies,
    });
    return response
      .json()
      .items.filter((item: { read: boolean }) => item.read)
      .map((item: { link: string }) => item.link);
  };
  const rowsOf = (member: Member) =>
    setup.database.db
      .selectFrom("read_articles")
      .select(["link", "read_at"])
      .where("user_id", "=", member.id)
      .orderBy("link")
      .execute();
  const seed = async (member: Member, rows: Array<{ link: string; read_at: number }>) => {
    for (let start = 0; start < rows.length; start += 500) {
      await setup.database.db
        .insertInto("read_articles")
        .values(rows.slice(start, start + 500).map((row) => ({ user_id: member.id, ...row })))
        .execute();
    }
  };

  it("marks links read and unread again, and FeedItem.read follows", async () => {
    const member = await join();
    const marked = await mark(member, { links: [link("r1"), link("r2")], read: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ links: [link("r1"), link("r2")], read: true });
    expect((await readLinks(member)).sort()).toEqual([link("r1"), link("r2")]);

    const unmarked = await mark(member, { links: [link("r2")], read: false });
    expect(unmarked.json()).toEqual({ links: [link("r2")], read: false });
    expect(await readLinks(member)).toEqual([link("r1")]);
    // Unmarking a link never read is fine too.
    expect((await mark(member, { links: [link("never")], read: false })).statusCode).toBe(200);
  });

  it("keeps one row per link however often and however many times at once it is sent", async () => {
    const member = await join();
    const twice = await mark(member, { links: [link("r1"), link("r1"), ` ${link("r1")} `], read: true });
    expect(twice.json()).toEqual({ links: [link("r1")], read: true });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => mark(member, { links: [link("r2"), link("r1")], read: true })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect((await rowsOf(member)).map((row) => row.link)).toEqual([link("r1"), link("r2")]);
    const unmarks = await Promise.all(
      Array.from({ length: 4 }, () => mark(member, { links: [link("r1"), link("r2")], read: false })),
    );
    expect(unmarks.map((response) => response.statusCode)).toEqual(Array(4).fill(200));
    expect(await rowsOf(member)).toEqual([]);
  });

  it("follows the member to another session (another device), and keeps it from other members", async () => {
    const [ann, bob] = [await join(), await join()];
    await mark(ann, { links: [link("r2")], read: true });
    const signIn = await setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: ann.handle, password: TEST_PASSWORD },
      remoteAddress: "203.0.113.77",
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((cookie) => cookie.name === "gemwire_session")?.value as string;
    expect(session).not.toBe(ann.cookies.gemwire_session);
    expect(await readLinks({ ...ann, cookies: { gemwire_session: session } })).toEqual([link("r2")]);
    expect(await readLinks(bob)).toEqual([]);
  });

  it("answers 401 to visitors, with the usual message", async () => {
    for (const response of [
      await mark(null, { links: [link("r1")], read: true }),
      await setup.app.inject({ method: "GET", url: "/api/reading/preferences" }),
      await setup.app.inject({ method: "PUT", url: "/api/reading/preferences", payload: { showEveryArticle: true } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });
    }
  });

  it.each([
    ["a NUL", { links: [`${link("r1")}\u0000`], read: true }, /control characters/i],
    ["a control character", { links: [`https://news.example/a\u0007b`], read: true }, /control characters/i],
    ["a line break", { links: [`https://news.example/a\nb`], read: true }, /control characters/i],
    ["a non-http address", { links: ["javascript:alert(1)"], read: true }, /Each link must be an http\(s\) address/],
    ["an ftp address", { links: ["ftp://news.example/r1"], read: true }, /Each link must be an http\(s\) address/],
    ["an empty link", { links: ["  "], read: true }, /Each link must be an http\(s\) address/],
    ["a huge link", { links: [`https://news.example/${"a".repeat(2100)}`], read: true }, /at most 2048 characters/],
    ["an empty list", { links: [], read: true }, /Give at least one link/],
    [
      "too many links",
      { links: Array.from({ length: MAX_READ_LINKS_PER_REQUEST + 1 }, (_, i) => link(`x${i}`)), read: true },
      /At most 200 links at once/,
    ],
    ["no read flag", { links: [link("r1")] }, /read/],
    ["a read flag that is not true or false", { links: [link("r1")], read: "yes" }, /read/],
    ["links that are not a list", { links: link("r1"), read: true }, /links/],
  ])("refuses %s with a clear 400", async (_name, payload, message) => {
    const member = await join();
    const response = await mark(member, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(message) });
    expect(await rowsOf(member)).toEqual([]);
  });

  it(`takes ${MAX_READ_LINKS_PER_REQUEST} links at once`, async () => {
    const member = await join();
    const links = Array.from({ length: MAX_READ_LINKS_PER_REQUEST }, (_, i) => link(`many-${i}`));
    const response = await mark(member, { links, read: true });
    expect(response.statusCode).toBe(200);
    expect(await rowsOf(member)).toHaveLength(MAX_READ_LINKS_PER_REQUEST);
  });

  it(`keeps ${READ_STATE_LIMITS.entries.toLocaleString("en-US")} read links per member through the API: the oldest go first`, async () => {
    expect(READ_STATE_LIMITS.entries).toBe(10_000);
    const [member, other] = [await join(), await join()];
    const old = Array.from({ length: READ_STATE_LIMITS.entries }, (_, i) => ({
      link: link(`old-${String(i).padStart(5, "0")}`),
      // Oldest first, every one well inside the kept days.
      read_at: now - DAY + i,
    }));
    await seed(member, old);
    await seed(other, old.slice(0, 3));
    const response = await mark(member, { links: [link("fresh-1"), link("fresh-2")], read: true });
    expect(response.statusCode).toBe(200);
    const kept = await rowsOf(member);
    expect(kept).toHaveLength(READ_STATE_LIMITS.entries);
    const keptLinks = new Set(kept.map((row) => row.link));
    expect(keptLinks.has(link("fresh-1")) && keptLinks.has(link("fresh-2"))).toBe(true);
    expect(keptLinks.has(link("old-00000")) || keptLinks.has(link("old-00001"))).toBe(false);
    expect(keptLinks.has(link("old-00002"))).toBe(true);
    // Another member's rows are not touched.
    expect(await rowsOf(other)).toHaveLength(3);
  });

  it(`forgets read links after ${READ_STATE_LIMITS.days} days through the API, and never counts them meanwhile`, async () => {
    expect(READ_STATE_LIMITS.days).toBe(90);
    const member = await join();
    await seed(member, [
      { link: link("r1"), read_at: now - 91 * DAY },
      { link: link("r2"), read_at: now - 89 * DAY },
    ]);
    // Before any write prunes it, the 91-day-old read no longer shows.
    expect(await readLinks(member)).toEqual([link("r2")]);
    await mark(member, { links: [link("new")], read: true });
    expect((await rowsOf(member)).map((row) => row.link)).toEqual([link("new"), link("r2")]);
  });

  it("moves a link read again to the newest, so it is kept longest", async () => {
    const member = await join();
    await seed(member, [{ link: link("r1"), read_at: now - 80 * DAY }]);
    await mark(member, { links: [link("r1")], read: true });
    const [row] = await rowsOf(member);
    expect(row?.read_at).toBeGreaterThanOrEqual(now);
  });

  it("prunes to injected limits, ties in time broken by link, exactly under racing writes", async () => {
    const member = await join();
    const small = { days: 2, entries: 3 };
    await seed(member, [{ link: link("ancient"), read_at: now - 3 * DAY }]);
    await setReadState(setup.database, member.id, { links: [link("b"), link("a")], read: true }, now, small);
    await setReadState(setup.database, member.id, { links: [link("d"), link("c")], read: true }, now, small);
    // Four at one time, three kept: the first by link goes.
    expect((await rowsOf(member)).map((row) => row.link)).toEqual([link("b"), link("c"), link("d")]);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        setReadState(setup.database, member.id, { links: [link(`race-${i}`)], read: true }, now + 1 + i, small),
      ),
    );
    expect((await rowsOf(member)).map((row) => row.link)).toEqual([link("race-7"), link("race-8"), link("race-9")]);
  });

  it("limits each member's writes without touching anyone else's", async () => {
    const [member, other] = [await join(), await join()];
    const rule = limits.readingWritesPerMember;
    await setup.database.db
      .insertInto("rate_limits")
      .values({ key: `reading:member:${member.id}`, window_start: Date.now(), hits: rule.limit })
      .execute();
    const limited = await mark(member, { links: [link("r1")], read: true });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    const preference = await setup.app.inject({
      method: "PUT",
      url: "/api/reading/preferences",
      cookies: member.cookies,
      payload: { showEveryArticle: true },
    });
    expect(preference.statusCode).toBe(429);
    expect((await mark(other, { links: [link("r1")], read: true })).statusCode).toBe(200);
    // Reading is never limited.
    expect(await readLinks(member)).toEqual([]);
  });

  it("forgets a deleted member's read links when the account is purged", async () => {
    const member = await join();
    await mark(member, { links: [link("r1")], read: true });
    const deleted = await setup.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies: member.cookies,
      payload: { handle: member.handle },
    });
    expect(deleted.statusCode).toBe(204);
    await runMaintenance(
      {
        database: setup.database,
        dataDir,
        accountPurgeMs: 30 * DAY,
        holder: "t",
        log: createLogger({ logLevel: "silent" }),
      },
      Date.now() + 31 * DAY,
    );
    expect(await rowsOf(member)).toEqual([]);
  });

  it("documents the reading calls under the reading tag", async () => {
    const { paths } = (await setup.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(paths["/api/reading/read"].put.tags).toEqual(["reading"]);
    expect(paths["/api/reading/preferences"].get.tags).toEqual(["reading"]);
    expect(paths["/api/reading/preferences"].put.tags).toEqual(["reading"]);
    expect(paths["/api/search"].get.summary).toMatch(/at most 5 stories/);
  });
});
