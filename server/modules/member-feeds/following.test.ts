import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MEMBER_FEEDS } from "../../../contracts/reading-catalog.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { memberFeedKey } from "./address.ts";
import { follow } from "./repository.ts";
import { type FeedSite, LOCAL_INTERNET, type Member, type TestHandle, useMemberFeedsFixture } from "./test/fixture.ts";

describe.each(testDatabaseTargets())("members following their own feeds on $dialect", (target) => {
  const fx = useMemberFeedsFixture(target);
  const { add, list, extraApps } = fx;
  let handle: TestHandle;
  let app: FastifyInstance;
  let privateRefused: FastifyInstance;
  let site: FeedSite;
  let ann: Member;
  let cat: Member;
  beforeAll(() => {
    ({ handle, app, privateRefused, site, ann, cat } = fx);
  });

  it("refuses one of Gemwire's own feeds, by its address, by a site or a redirect that leads to it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-sources-"));
    const file = path.join(dir, "sources.json");
    fs.writeFileSync(file, JSON.stringify({ feeds: { news: `${site.base}/atom.xml` } }));
    const withBuiltIn = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", SOURCES_FILE: file },
      memberFeeds: { fetchPolicy: LOCAL_INTERNET },
    });
    extraApps.push(withBuiltIn);
    try {
      const message = "Gemwire already has this feed: Latest News. Turn it on in Edit RSS Feeds.";
      for (const address of [`${site.base}/atom.xml`, `${site.base}/blog/`, `${site.base}/moved.xml`]) {
        const response = await add(ann, address, withBuiltIn);
        expect(response.statusCode, address).toBe(409);
        expect(response.json().error.message).toBe(message);
      }
      // The same addresses are anyone's to follow where Gemwire's own feeds are elsewhere.
      expect((await list(ann, withBuiltIn)).feeds.map((f: { url: string }) => f.url)).not.toContain(
        `${site.base}/atom.xml`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follows a site's feed found in its page's <link rel=alternate>: relative, the first that answers", async () => {
    const response = await add(cat, `${site.base}/blog/`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().feed).toMatchObject({
      url: `${site.base}/atom.xml`,
      siteUrl: `${site.base}/blog/`,
      title: "Atom Site",
    });
    expect(site.hits("/commented.xml")).toBe(0);
    expect(site.hits("/other.xml")).toBe(0);
    const json = await add(cat, `${site.base}/json.json`);
    expect(json.statusCode).toBe(201);
    expect(json.json().feed.title).toBe("Json Site");
  });

  it("says why an address cannot be followed", async () => {
    const cases: Array<[string, number, string | RegExp]> = [
      [`${site.base}/plain/`, 422, "That page has no feed link"],
      [`${site.base}/notfeed`, 422, "That address did not answer a feed"],
      [`${site.base}/lookalike/`, 422, "That page's feed link did not answer a feed"],
      [`${site.base}/gone.xml`, 422, /^That address did not answer a feed: No feed at this address/],
      ["ftp://example.com/feed.xml", 400, "Only http(s) addresses can be followed"],
      ["javascript:alert(1)", 400, "Only http(s) addresses can be followed"],
      [`https://example.com/${"a".repeat(2050)}`, 400, "The address must be at most 2048 characters"],
      ["https://exa\u0000mple.com/feed", 400, /control characters|not allowed|invalid/i],
      ["   ", 400, "Paste a feed's or a site's address"],
    ];
    for (const [address, status, message] of cases) {
      const response = await add(cat, address);
      expect(response.statusCode, address).toBe(status);
      expect(response.json().error.message, address).toMatch(message);
    }
    const refused = await add(cat, `${site.base}/feed.xml`, privateRefused);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/private or local network/);
    expect((await add(null, `${site.base}/feed.xml`)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/me/feeds" })).statusCode).toBe(401);
  });

  it("holds a member to 50 feeds, also when several adds race at 49", async () => {
    const dan = await joinAsMember(app, handle.database);
    for (let i = 0; i < MAX_MEMBER_FEEDS - 1; i++) {
      const url = `https://filler.example/${i}.xml`;
      await follow(
        handle.database,
        dan.id,
        { key: memberFeedKey(url), url, title: `F${i}`, siteUrl: null },
        MAX_MEMBER_FEEDS,
        Date.now(),
      );
    }
    const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => add(dan, `${site.base}/many/${i}.xml`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json().error.message).toBe("You follow 50 feeds, the most allowed — remove one first");
    }
    expect((await list(dan)).feeds).toHaveLength(MAX_MEMBER_FEEDS);
  });

  it("makes one feed and one follow of a double submit, and of two members adding at once", async () => {
    const eve = await joinAsMember(app, handle.database);
    const fay = await joinAsMember(app, handle.database);
    const twice = await Promise.all([add(eve, `${site.base}/many/10.xml`), add(eve, `${site.base}/many/10.xml`)]);
    expect(twice.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const both = await Promise.all([add(eve, `${site.base}/many/11.xml`), add(fay, `${site.base}/many/11.xml`)]);
    expect(both.map((a) => a.statusCode)).toEqual([201, 201]);
    const key = memberFeedKey(`${site.base}/many/11.xml`);
    const rows = await handle.database.db.selectFrom("member_feeds").select("key").where("key", "=", key).execute();
    expect(rows).toHaveLength(1);
    expect((await list(eve)).feeds).toHaveLength(2);
  });

  it("counts adds per member only: others on the member's network never use up the member's share", async () => {
    const network = "198.51.100.7";
    const tryAdd = (member: Member) =>
      app.inject({
        method: "POST",
        url: "/api/me/feeds",
        cookies: member.cookies,
        remoteAddress: network,
        payload: { address: "ftp://example.com/feed.xml" },
      });
    const neighbours: Member[] = [];
    for (let i = 0; i < 4; i++) neighbours.push(await joinAsMember(app, handle.database));
    for (const neighbour of neighbours) {
      for (let i = 0; i < 30; i++) expect((await tryAdd(neighbour)).statusCode).toBe(400);
    }
    const lee = await joinAsMember(app, handle.database);
    expect((await tryAdd(lee)).statusCode).toBe(400);
    const over = await tryAdd(neighbours[0] as Member);
    expect(over.statusCode).toBe(429);
  });
});
