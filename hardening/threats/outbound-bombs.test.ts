/**
 * T7 bombs, endless and dripping bodies, swept over what Gemwire fetches: the built-in
 * feeds', members' feeds' and trends' refreshes, adding a feed, the reader view and blog
 * Extract. A body is never read past the client's cap or deadline (the hostile server
 * sees the client hang up), and a refresh that meets one fails in plain words and keeps
 * the feed's items (or the trends) it had, on both databases.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { openSession } from "../../server/lib/sessions/sessions.ts";
import { getFeedStatus, upsertArticles } from "../../server/modules/articles/repository.ts";
import { refreshDueFeeds, refreshFeed } from "../../server/modules/feeds/refresh.ts";
import { createMemberFeedFetch } from "../../server/modules/member-feeds/fetch.ts";
import { refreshDueSources } from "../../server/modules/trends/refresh.ts";
import { sourceRows } from "../../server/modules/trends/repository.ts";
import { createGuardedFetch, OutboundError } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { rss as feedRss } from "../../server/test/feed-server.ts";
import { testItem } from "../../server/test/items.ts";
import { rss as trendsRss } from "../../server/test/trends-sources.ts";
import { FULL } from "../scale.ts";
import { tried } from "../tally.ts";
import { useBodiesHarness } from "./outbound-bodies-harness.ts";
import { answer, DEADLINE_MS, DRIP_MS, drip, MiB, TOO_LARGE } from "./outbound-bodies-payloads.ts";
import { silent, startStandInInternet } from "./outbound-internet.ts";

describe.each(testDatabaseTargets())("T6–T7 hostile bodies on $dialect", (target) => {
  const h = useBodiesHarness(target, { bodies: true });

  describe("T7 bombs, endless and dripping bodies", () => {
    const goodFeed = (id: string) =>
      feedRss("A good feed", [
        { id: `${id}-1`, title: "Bitcoin miners sell more than they mine", link: `https://news.example/${id}-1` },
        { id: `${id}-2`, title: "Ether staking yields fall", link: `https://news.example/${id}-2`, hoursAgo: 2 },
      ]);

    it("a built-in feed's refresh stops at the cap and the deadline, says why, and keeps its items", async ({
      task,
    }) => {
      const fetcher = h.feedClient();
      const hurried = h.feedClient(DEADLINE_MS);
      const path = "/t7-feed.xml";
      const good = goodFeed("t7");
      h.net.route(path, answer(good.body, good.type));
      const feed = { key: "market", url: `${h.net.origin}${path}` };
      expect(await refreshFeed(h.refreshContext(fetcher), feed)).toBe("updated");
      const kept = await h.articles("market");
      expect(kept).toHaveLength(2);
      const dripping = drip(DRIP_MS);
      for (const body of [...h.bodies, dripping]) {
        const closedBefore = body.closed();
        h.net.route(path, body.route);
        const client = body === dripping ? hurried : fetcher;
        expect(await refreshFeed(h.refreshContext(client), feed), body.label).toBe("failed");
        expect((await getFeedStatus(h.handle.database, "market"))?.last_error, body.label).toMatch(body.says);
        expect(await h.articles("market"), body.label).toEqual(kept);
        // An endless body's server saw the client hang up.
        if (body.label.startsWith("an endless")) await expect.poll(body.closed).toBeGreaterThan(closedBefore);
      }
      // Each of the three attempts hung up on the drip at the deadline.
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(3);
      tried(task, "body", h.bodies.length + 1);
    });

    it("a member's feed refresh stops at the cap and the deadline, says why, and keeps its items", async ({ task }) => {
      const member = await joinAsMember(h.members, h.handle.database);
      const path = "/t7-member.xml";
      const good = goodFeed("t7m");
      h.net.route(path, answer(good.body, good.type));
      const address = `${h.net.origin}${path}`;
      const added = await h.addFeed(member, address);
      expect(added.statusCode, added.body).toBe(201);
      const key = added.json().feed.key as string;
      // The members' client as main.ts makes it (and one with the short deadline for the drip).
      const memberFetch = createMemberFeedFetch(h.config, {}, h.net.policy);
      const hurried = createMemberFeedFetch(h.config, { timeoutMs: DEADLINE_MS }, h.net.policy);
      h.clients.push(memberFetch, hurried);
      const context = { ...h.refreshContext(h.feedClient()), memberFeeds: { fetcher: memberFetch } };
      expect(await refreshFeed({ ...context, fetcher: memberFetch }, { key, url: address })).toBe("updated");
      const kept = await h.articles(key);
      expect(kept).toHaveLength(2);
      const dripping = drip(DRIP_MS);
      for (const [i, body] of [...h.bodies, dripping].entries()) {
        h.net.route(path, body.route);
        // Due again, for a period of its own (each refresh runs once per due time).
        const due = Date.now() - 60_000 + i;
        await h.handle.database.db.updateTable("feeds").set({ next_fetch_at: due }).where("key", "=", key).execute();
        const memberFeeds = { fetcher: body === dripping ? hurried : memberFetch };
        const summary = await refreshDueFeeds({ ...context, memberFeeds });
        expect(summary.outcomes.failed, body.label).toBe(1);
        const listed = (
          await h.members.inject({ method: "GET", url: "/api/me/feeds", cookies: member.cookies })
        ).json();
        const mine = (
          listed.feeds as Array<{ key: string; lastError: string | null; lastErrorReason: string | null }>
        ).find((feed) => feed.key === key);
        // The member sees what went wrong, in plain words.
        expect(mine?.lastErrorReason, body.label).toMatch(
          body.says === TOO_LARGE ? /larger than \d+ MiB/ : /did not answer in time/,
        );
        expect(await h.articles(key), body.label).toEqual(kept);
      }
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(3);
      tried(task, "body", h.bodies.length + 1);
    });

    it("the trends refresh stops at the cap and the deadline, says why, and keeps the trends it had", async ({
      task,
    }) => {
      // The trends client as main.ts makes it (and one with the short deadline for the drip).
      const trendsClient = (timeoutMs: number) => {
        const made = createGuardedFetch({
          allowPrivate: h.config.allowPrivateSources,
          timeoutMs,
          maxBytes: 2 * MiB,
          ...h.net.policy,
        });
        h.clients.push(made);
        return made;
      };
      const made = trendsClient(10_000);
      const hurried = trendsClient(DEADLINE_MS);
      const path = "/t7-trends";
      const pubDate = new Date().toUTCString();
      h.net.route(
        path,
        answer(trendsRss([{ title: "halving countdown", traffic: "5000+", pubDate }]), "application/rss+xml"),
      );
      const sources = [{ id: "IN", format: "rss" as const, country: "IN" as const, url: `${h.net.origin}${path}` }];
      let tick = Date.now();
      const context = { database: h.handle.database, fetcher: made, sources, refreshMs: 60_000, log: silent };
      await refreshDueSources(context, tick);
      const trends = () => h.handle.database.db.selectFrom("trends").selectAll().where("country", "=", "IN").execute();
      const kept = await trends();
      expect(kept.length).toBeGreaterThan(0);
      const dripping = drip(DRIP_MS);
      for (const body of [...h.bodies, dripping]) {
        h.net.route(path, body.route);
        tick += 120_000;
        const fetcher = body === dripping ? hurried : made;
        expect(await refreshDueSources({ ...context, fetcher }, tick)).toEqual(["IN"]);
        const source = (await sourceRows(h.handle.database)).find((row) => row.source === "IN");
        expect(source?.last_error, body.label).toMatch(
          body.says === TOO_LARGE ? /larger than \d+ MiB/ : /did not answer in time/,
        );
        expect(await trends(), body.label).toEqual(kept);
      }
      await expect.poll(dripping.closed).toBeGreaterThanOrEqual(1);
      tried(task, "body", h.bodies.length + 1);
    });

    it("adding a member's feed, the reader view and Extract answer in plain words at the cap", async ({ task }) => {
      const member = await joinAsMember(h.members, h.handle.database);
      const admin = { gemwire_admin: await openSession(h.handle.database, { admin: true }) };
      for (const [i, body] of h.bodies.entries()) {
        const path = `/t7-ask-${i}`;
        h.net.route(path, body.route);
        const address = `${h.net.origin}${path}`;
        const added = await h.addFeed(member, address);
        expect(added.statusCode, body.label).toBe(422);
        expect(added.json().error.message, body.label).toMatch(/larger than 5 MiB/);
        const now = Date.now();
        await upsertArticles(h.handle.database, "news", [testItem(`t7-${i}`, 1, now, { link: address })], now);
        const read = await h.pages.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(address)}`,
          remoteAddress: h.nextAddress(),
        });
        expect(read.json(), body.label).toMatchObject({
          status: "failed",
          reason: expect.stringMatching(/larger than 2 MB/),
        });
        const extracted = await h.pages.inject({
          method: "POST",
          url: "/api/admin/blog/extract",
          payload: { url: address },
          cookies: admin,
          remoteAddress: h.nextAddress(),
        });
        expect(extracted.statusCode, body.label).toBe(502);
        expect(extracted.json().error.message, body.label).toMatch(/larger than 2 MB/);
      }
      tried(task, "body", h.bodies.length * 3);
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
