import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MEMBER_FEEDS } from "../../../contracts/reading-catalog.ts";
import { createLogger } from "../../logger.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { memberFeedKey } from "./address.ts";
import {
  IMPORT_SPARE_CHECKS,
  importOpml,
  NOT_CHECKED_FAILED,
  NOT_CHECKED_IN_TIME,
  notCheckedOverCap,
} from "./import.ts";
import { readOpml } from "./opml.ts";
import { follow } from "./repository.ts";
import { type FeedSite, type Member, silent, type TestHandle, useMemberFeedsFixture } from "./test/fixture.ts";

describe.each(testDatabaseTargets())("members' own feeds in OPML on $dialect", (target) => {
  const fx = useMemberFeedsFixture(target);
  const { add, list, fetcher } = fx;
  let handle: TestHandle;
  let app: FastifyInstance;
  let site: FeedSite;
  let cat: Member;
  beforeAll(async () => {
    ({ handle, app, site, cat } = fx);
    // The member exporting and importing follows a site's feed and a JSON feed.
    await fx.followSiteFeeds(cat);
  });

  it("exports the member's feeds as OPML, escaped, as a download", async () => {
    await handle.database.db
      .updateTable("member_feeds")
      .set({ title: `Q&A <"quotes"> 'n' more` })
      .where("key", "=", memberFeedKey(`${site.base}/atom.xml`))
      .execute();
    const response = await app.inject({ method: "GET", url: "/api/me/feeds.opml", cookies: cat.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.opml"$/);
    expect(response.headers["content-type"]).toMatch(/opml|xml/);
    expect(response.body).toContain('text="Q&amp;A &lt;&quot;quotes&quot;&gt; &#39;n&#39; more"');
    expect(response.body).toContain(`htmlUrl="${site.base}/blog/"`);
    expect(readOpml(response.body).map((o) => [o.address, o.title])).toEqual([
      [`${site.base}/atom.xml`, `Q&A <"quotes"> 'n' more`],
      [`${site.base}/json.json`, "Json Site"],
    ]);
  });

  it("imports an OPML file and reports each line: added, skipped or refused", async () => {
    const opml = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Mine</title></head><body>
<outline text="Folder">
  <outline text="Ledger" xmlUrl="${site.base}/feed.xml"/>
  <outline text="Again" xmlUrl="${site.base}/feed.xml"/>
  <outline text="Atom" xmlUrl="${site.base}/atom.xml"/>
  <outline text="Ftp" xmlUrl="ftp://example.com/x"/>
  <outline text="No feed" xmlUrl="${site.base}/notfeed"/>
  <outline text="A folder without feed"/>
  <outline title="Site" xmlUrl="${site.base}/blog/"/>
</outline>
</body></opml>`;
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(
      result.lines.map((l: { line: number; result: string; reason: string }) => [l.line, l.result, l.reason]),
    ).toEqual([
      [4, "added", "Added"],
      [5, "skipped", "Listed twice in the file"],
      [6, "skipped", "Already following"],
      [7, "refused", "Only http(s) addresses can be followed"],
      [8, "refused", "That address did not answer a feed"],
      [10, "skipped", "Already following"],
    ]);
    expect(result).toMatchObject({ added: 1, skipped: 3, refused: 2 });
    expect((await list(cat)).feeds.map((f: { url: string }) => f.url)).toContain(`${site.base}/feed.xml`);
  });

  it("stops checking an import's feeds when its time is up, and says which were not checked", async () => {
    const gus = await joinAsMember(app, handle.database);
    const opml = `<opml><body>\n<outline xmlUrl="${site.base}/slow.xml"/>\n<outline xmlUrl="${site.base}/other.xml"/>\n</body></opml>`;
    const result = await importOpml({ database: handle.database, fetcher, budgetMs: 300, log: silent }, gus.id, opml);
    expect(result.lines.map((line) => [line.line, line.result, line.reason])).toEqual([
      [2, "refused", NOT_CHECKED_IN_TIME],
      [3, "added", "Added"],
    ]);
  });

  it("reads no DTD, expands no entity, and bounds the file", async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE opml [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY hidden "<outline xmlUrl='${site.base}/other.xml'/>">
]>
<opml version="2.0"><body>
<outline text="&lol3;" xmlUrl="&xxe;"/>
</body></opml>`;
    const other = site.hits("/other.xml");
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: bomb },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ line: 10, address: "&xxe;", title: "&lol3;", result: "refused" });
    expect(site.hits("/other.xml")).toBe(other);
    expect(JSON.stringify(result)).not.toContain("root:");

    const many = `<opml><body>${Array.from({ length: 501 }, (_, i) => `<outline xmlUrl="https://x.example/${i}"/>`).join("\n")}</body></opml>`;
    const tooMany = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: many },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/more than 500 feeds/);
    const huge = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: `<opml>${" ".repeat(1_000_001)}</opml>` },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toMatch(/at most 1 MB/);
    const notOpml = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: cat.cookies,
      payload: { opml: "<html></html>" },
    });
    expect(notOpml.statusCode).toBe(400);
  });

  it("follows a feed whose DOCTYPE outgrows the part its title is read from; an import line that fails oddly is refused alone", async () => {
    const ida = await joinAsMember(app, handle.database);
    const added = await add(ida, `${site.base}/doctype.xml`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().feed.title).toBe("127.0.0.1");

    const joe = await joinAsMember(app, handle.database);
    // A fault of Gemwire's own on one line (here: reading the answer's headers).
    const faulty = Object.assign(
      async (address: string, init?: Parameters<typeof fetcher>[1]) =>
        address.endsWith("/faulty.xml")
          ? {
              status: 200,
              url: address,
              body: Buffer.from(""),
              headers: Object.defineProperty({}, "content-type", {
                get() {
                  throw new TypeError("a fault on our side");
                },
              }) as Record<string, string>,
            }
          : fetcher(address, init),
      { close: async () => {} },
    );
    const log = createLogger({ logLevel: "silent" });
    const logged = vi.spyOn(log, "error");
    const opml = `<opml><body>
<outline xmlUrl="${site.base}/doctype.xml"/>
<outline xmlUrl="${site.base}/faulty.xml"/>
<outline xmlUrl="${site.base}/other.xml"/>
</body></opml>`;
    const result = await importOpml({ database: handle.database, fetcher: faulty, log }, joe.id, opml);
    expect(result.lines.map((line) => [line.line, line.result, line.reason])).toEqual([
      [2, "added", "Added"],
      [3, "refused", NOT_CHECKED_FAILED],
      [4, "added", "Added"],
    ]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ line: 3 }), expect.any(String));
  });

  it("checks at most the member's room plus a few lines of an import, however many are refused", async () => {
    const kay = await joinAsMember(app, handle.database);
    const room = 5;
    for (let i = 0; i < MAX_MEMBER_FEEDS - room; i++) {
      const url = `https://filler.example/${i}.xml`;
      await follow(
        handle.database,
        kay.id,
        { key: memberFeedKey(url), url, title: `F${i}`, siteUrl: null },
        MAX_MEMBER_FEEDS,
        0,
      );
    }
    const lines = Array.from({ length: 40 }, (_, i) => `<outline xmlUrl="${site.base}/notfeed?n=${i}"/>`);
    const before = site.hits("/notfeed");
    const response = await app.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: kay.cookies,
      payload: { opml: `<opml><body>\n${lines.join("\n")}\n</body></opml>` },
    });
    expect(response.statusCode).toBe(200);
    const checks = room + IMPORT_SPARE_CHECKS;
    expect(site.hits("/notfeed") - before).toBe(checks);
    const reasons = response.json().lines.map((line: { result: string; reason: string }) => [line.result, line.reason]);
    expect(reasons).toEqual([
      ...Array(checks).fill(["refused", "That address did not answer a feed"]),
      ...Array(lines.length - checks).fill(["refused", notCheckedOverCap(checks, room)]),
    ]);
    expect(response.json().refused).toBe(lines.length);
  });
});
