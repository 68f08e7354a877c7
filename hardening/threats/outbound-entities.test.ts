/**
 * T6 XML entity bombs and external entities, swept over what Gemwire fetches and reads:
 * the built-in feeds' refresh, members' own feeds (adding, and their refresh), OPML
 * imports, the trends RSS and the reader view. An entity is never expanded nor fetched
 * (the canary of the stand-in internet never sees a connection, no file's content
 * reaches anything stored or answered), on both databases.
 */
import { describe, expect, it } from "vitest";
import { getFeedStatus, upsertArticles } from "../../server/modules/articles/repository.ts";
import { refreshDueFeeds, refreshFeed } from "../../server/modules/feeds/refresh.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { refreshDueSources } from "../../server/modules/trends/refresh.ts";
import { sourceRows } from "../../server/modules/trends/repository.ts";
import { createGuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { rss as feedRss } from "../../server/test/feed-server.ts";
import { testItem } from "../../server/test/items.ts";
import { rss as trendsRss } from "../../server/test/trends-sources.ts";
import { FULL } from "../scale.ts";
import { tried } from "../tally.ts";
import { useBodiesHarness } from "./outbound-bodies-harness.ts";
import { answer, document, expectInertText, type XmlAttack, xmlAttacks } from "./outbound-bodies-payloads.ts";
import { silent } from "./outbound-internet.ts";

describe.each(testDatabaseTargets())("T6–T7 hostile bodies on $dialect", (target) => {
  const h = useBodiesHarness(target);

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
      const fetcher = h.feedClient();
      const attacks = xmlAttacks(h.canary);
      let updated = 0;
      for (const attack of attacks) {
        const path = `/t6-feed-${++h.n}.xml`;
        h.net.route(path, answer(feedWith(attack, `t6-${h.n}`), "application/rss+xml; charset=utf-8"));
        const outcome = await refreshFeed(h.refreshContext(fetcher), { key: "bitcoin", url: `${h.net.origin}${path}` });
        const status = await getFeedStatus(h.handle.database, "bitcoin");
        // Read with the entity left as written, or refused with a clear error.
        if (outcome === "failed") expect(status?.last_error, attack.label).toMatch(/\w/);
        else {
          expect(outcome, attack.label).toBe("updated");
          updated++;
        }
        for (const row of await h.articles("bitcoin")) expectInertText(JSON.stringify(row), attack.label, 4_000);
      }
      // Most are read as feeds whose entities stay as written: the parser did run over them.
      expect(updated).toBeGreaterThan(attacks.length / 2);
      expect((await h.articles("bitcoin")).length).toBe(updated);
      expect(h.net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("members' feeds: adding one and its refresh store no expansion and no file, and fetch nothing", async ({
      task,
    }) => {
      const attacks = xmlAttacks(h.canary);
      const member = await joinAsMember(h.members, h.handle.database);
      const memberFetch = createMemberFeedFetch(h.config, {}, h.net.policy);
      h.clients.push(memberFetch);
      const keys: string[] = [];
      for (const attack of attacks) {
        const path = `/t6-member-${++h.n}.xml`;
        h.net.route(path, answer(feedWith(attack, `t6-${h.n}`), "application/rss+xml; charset=utf-8"));
        const added = await h.addFeed(member, `${h.net.origin}${path}`);
        // Followed with the entity left as written, or refused in plain words.
        expect([201, 422], added.body).toContain(added.statusCode);
        expectInertText(added.body, attack.label, 2_000);
        if (added.statusCode === 201) keys.push(added.json().feed.key);
      }
      expect(keys.length).toBeGreaterThan(attacks.length / 2);
      await refreshDueFeeds({ ...h.refreshContext(h.feedClient()), memberFeeds: { fetcher: memberFetch } });
      let stored = 0;
      for (const key of keys) {
        for (const row of await h.articles(key)) {
          expectInertText(JSON.stringify(row), key, 4_000);
          stored++;
        }
      }
      expect(stored).toBe(keys.length);
      const listed = await h.members.inject({ method: "GET", url: "/api/me/feeds", cookies: member.cookies });
      expectInertText(listed.body, "the member's feeds", 40_000);
      expect(h.net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("OPML import expands no entity, reads no file and fetches nothing it names", async ({ task }) => {
      const attacks = xmlAttacks(h.canary).filter((attack) => !attack.reference.startsWith("<"));
      for (const attack of attacks) {
        const member = await joinAsMember(h.members, h.handle.database);
        const opml = document(
          `<?xml version="1.0"?><opml version="2.0"><head><title>${attack.reference}</title></head><body><outline text="${attack.reference}" title="${attack.reference}" type="rss" xmlUrl="&url;"/><outline text="x" type="rss" xmlUrl="${h.canary}/&xxe;"/></body></opml>`,
          attack.doctype("opml").replace("]>", `<!ENTITY url "${h.canary}/feed.xml">]>`),
        ).toString("utf8");
        const response = await h.members.inject({
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
      expect(h.net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("the trends RSS stores no expansion and no file, and fetches nothing", async ({ task }) => {
      const made = createGuardedFetch({
        allowPrivate: h.config.allowPrivateSources,
        timeoutMs: 10_000,
        ...h.net.policy,
      });
      h.clients.push(made);
      const attacks = xmlAttacks(h.canary);
      let tick = Date.now();
      for (const attack of attacks) {
        const path = `/t6-trends-${++h.n}`;
        const xml = trendsRss([
          {
            title: "ENTITY",
            traffic: "1000+",
            pubDate: new Date().toUTCString(),
            news: [{ title: "ENTITY", url: "https://news.example/t" }],
          },
        ]).replaceAll("ENTITY", attack.reference);
        h.net.route(
          path,
          answer(document(xml, attack.doctype("rss"), attack.utf16), "application/rss+xml; charset=utf-8"),
        );
        tick += 120_000;
        const sources = [{ id: "GB", format: "rss" as const, country: "GB" as const, url: `${h.net.origin}${path}` }];
        await refreshDueSources(
          { database: h.handle.database, fetcher: made, sources, refreshMs: 60_000, log: silent },
          tick,
        );
        const source = (await sourceRows(h.handle.database)).find((row) => row.source === "GB");
        expect(source?.last_attempt_at, attack.label).not.toBeNull();
        const stored = await h.handle.database.db.selectFrom("trends").selectAll().execute();
        for (const row of stored) expectInertText(JSON.stringify(row), attack.label, 8_000);
      }
      expect(h.net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });

    it("the reader view of an XHTML page expands no entity and reads no file", async ({ task }) => {
      // Each page is read in a worker of its own (about a second): at quick size, three of them.
      const quick = ["billion laughs", "external entity: a file", "parameter entities: a remote DTD and a file"];
      const attacks = xmlAttacks(h.canary).filter((attack) => !attack.utf16 && (FULL || quick.includes(attack.label)));
      const sentence =
        "Validators voted on Tuesday to halve block times, a change the network's developers had argued over for a year.";
      for (const attack of attacks) {
        const path = `/t6-page-${++h.n}`;
        const xhtml = document(
          `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>T6</title></head><body><article><h1>A page</h1><p>${attack.reference}</p><p>${sentence}</p><p>${sentence}</p></article></body></html>`,
          attack.doctype("html"),
        );
        h.net.route(path, answer(xhtml, "application/xhtml+xml; charset=utf-8"));
        const link = `${h.net.origin}${path}`;
        const now = Date.now();
        await upsertArticles(h.handle.database, "news", [testItem(`t6-page-${h.n}`, 1, now, { link })], now);
        const read = await h.pages.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(link)}`,
          remoteAddress: h.nextAddress(),
        });
        expect(read.statusCode, read.body).toBe(200);
        // The page was fetched and read (or failed in plain words), never "not known".
        expect(h.net.hits(path), attack.label).toBe(1);
        expect(read.json().reason ?? "", attack.label).not.toMatch(/only articles from its feeds/);
        expectInertText(read.body, attack.label, 20_000 + attack.reference.length * 2);
      }
      expect(h.net.canaryConnections).toEqual([]);
      tried(task, "xml", attacks.length);
    });
  });
});
