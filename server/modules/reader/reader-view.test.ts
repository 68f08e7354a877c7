import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Reader } from "../../../contracts/reading.ts";
import { openDatabase } from "../../db/connection.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import type { TestSite } from "../analysis/fixtures/site.ts";
import { upsertArticles } from "../articles/repository.ts";
import { insertFavorite } from "../community/repository.ts";
import { follow } from "../member-feeds/repository.ts";
import { BODY, JUNK } from "./fixtures/pages.ts";
import { HOUR, MEMBER_FEED, type ReaderSite, useReaderSite } from "./fixtures/reader-site.ts";
import { NOT_KNOWN } from "./service.ts";

/*
 * GET /api/reader (setup: fixtures/reader-site.ts): what the view shows, a page's blocks,
 * title, author, site and date, and which articles it reads: only those Gemwire knows.
 */

describe.each(testDatabaseTargets())("reader view on $dialect: blocks, metadata and known articles", (target) => {
  const reader = useReaderSite(target);
  const { appOptions, ask, read, analyse, known, readerRows } = reader;
  let site: TestSite;
  let handle: ReaderSite["handle"];
  let app: FastifyInstance;
  beforeAll(() => {
    ({ site, handle, app } = reader);
  });

  it("shows a member's favorite (its feed has let it go) as blocks of text, with the page's title, author, site and date", async () => {
    const url = `${site.origin}/rich#top`;
    const member = await joinAsMember(app, handle.database);
    const asMember = { cookies: member.cookies };
    expect((await ask(url, app, asMember)).json()).toMatchObject({ status: "failed", reason: NOT_KNOWN });
    await insertFavorite(handle.database, {
      user_id: member.id,
      link: url,
      item_id: "gone",
      title: "Kept",
      description: "",
      image: null,
      source: "harbour.example",
      creator: "",
      published_at: Date.now() - HOUR,
      created_at: Date.now(),
    });
    const response = await ask(url, app, asMember);
    expect(response.statusCode, response.body).toBe(200);
    const reader: Reader = response.json();
    expect(reader).toMatchObject({
      url,
      status: "ok",
      reason: null,
      title: "Harbourline moves its cold wallets",
      outlet: "Harbour Daily",
      publishedAt: "2026-11-20T08:30:00.000Z",
      article: null,
      others: [],
    });
    expect(reader.byline).toContain("Mara Quill");
    expect(reader.blocks.map((block) => block.type)).toContain("heading");
    expect(reader.blocks.map((block) => block.type)).toContain("list");
    expect(reader.blocks.map((block) => block.type)).toContain("quote");
    expect(JSON.stringify(reader.blocks)).toContain(BODY[1]);
    for (const junk of JUNK.filter((item) => item !== "javascript:"))
      expect(JSON.stringify(reader)).not.toContain(junk);
    expect(JSON.stringify(reader)).not.toMatch(/"href":"(?!https?:)/);
    expect(Date.parse(reader.readAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers with the stored article (its feed's outlet, author and date) and the story's other sources", async () => {
    const now = Date.now();
    const link = `${site.origin}/rich-2`;
    const title = "Harbourline exchange moves its cold wallets to a new custody provider";
    await upsertArticles(
      handle.database,
      "news",
      [
        testItem("r1", 2, now, { title, link, source: "harbour.example", creator: "Mara Quill" }),
        testItem("r2", 1, now, {
          title: "Harbourline exchange moves cold wallets to new custody provider",
          link: "https://other.example/r2",
          source: "other.example",
        }),
        testItem("r3", 1, now, { title: "Unrelated solana outage report", link: "https://third.example/r3" }),
      ],
      now,
    );
    const reader = await read(link);
    expect(reader.status).toBe("ok");
    expect(reader).toMatchObject({ title, outlet: "harbour.example", byline: "Mara Quill" });
    expect(reader.publishedAt).toBe(new Date(now - 2 * HOUR).toISOString());
    expect(reader.article).toMatchObject({ link, title, source: "harbour.example" });
    expect(reader.others.map((other) => other.link)).toEqual(["https://other.example/r2"]);
  });

  it("reads only articles Gemwire knows: any other address fails plainly, with nothing fetched, charged or kept", async () => {
    const from = { remoteAddress: "198.18.9.9" };
    const stranger = `${site.origin}/rich?from=attacker`;
    const response = await ask(stranger, app, from);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      url: stranger,
      status: "failed",
      reason: NOT_KNOWN,
      title: new URL(site.origin).hostname,
      blocks: [],
      article: null,
      others: [],
    });
    expect(site.count()).toBe(0);
    expect(await readerRows()).toEqual([]);
    const charges = await handle.database.db.selectFrom("rate_limits").select("key").execute();
    expect(charges.filter((row) => row.key.startsWith("reader:"))).toEqual([]);
    // The analysis still takes any address; its read, kept, is still not shown here.
    expect((await analyse(stranger)).statusCode).toBe(200);
    expect(await readerRows()).toEqual([{ url: stranger }]);
    expect((await read(stranger)).reason).toBe(NOT_KNOWN);
    expect(site.count()).toBe(1);
  });

  it("reads a member feed's article only for its followers, and only while members' feeds are on", async () => {
    const link = `${site.origin}/rich-4`;
    await known([link], MEMBER_FEED);
    const follower = await joinAsMember(app, handle.database);
    const stranger = await joinAsMember(app, handle.database);
    expect((await read(link)).reason).toBe(NOT_KNOWN);
    expect((await ask(link, app, { cookies: stranger.cookies })).json().reason).toBe(NOT_KNOWN);
    expect(site.count()).toBe(0);
    const feed = { key: MEMBER_FEED, url: `${site.origin}/feed.xml`, title: "A member's feed", siteUrl: null };
    expect(await follow(handle.database, follower.id, feed, 50, Date.now())).toBe("followed");
    const followed = (await ask(link, app, { cookies: follower.cookies })).json();
    expect(followed).toMatchObject({ status: "ok", article: { link, title: `Known page ${link}` } });
    const off = await buildTestApp(openDatabase(handle.location), {
      ...appOptions(),
      env: { ...appOptions().env, MEMBER_FEEDS: "off" },
    });
    try {
      const response = await ask(link, off, { cookies: follower.cookies });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: "failed", reason: NOT_KNOWN, article: null });
    } finally {
      await off.close();
    }
    expect(site.count()).toBe(1);
  });

  it("finds an article's public copy when a stranger's feed has the newer copy of it", async () => {
    const link = `${site.origin}/rich-3`;
    const now = Date.now();
    await upsertArticles(
      handle.database,
      "news",
      [testItem("public-copy", 1, now, { link, title: "Harbourline custody move, as the news feed has it" })],
      now - HOUR,
    );
    await known([link], MEMBER_FEED, now);
    const reader = await read(link);
    expect(reader.status).toBe("ok");
    expect(reader.article).toMatchObject({ link, title: "Harbourline custody move, as the news feed has it" });
    expect(reader.title).toBe("Harbourline custody move, as the news feed has it");
  });
});
