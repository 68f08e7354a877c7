import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MEMBER_FEEDS } from "../../../contracts/reading-catalog.ts";
import { loadConfig } from "../../config.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { refreshDueFeeds } from "../feeds/refresh.ts";
import { memberFeedKey } from "./address.ts";
import { createMemberFeedFetch, PRIVATE_REFUSED } from "./fetch.ts";
import { follow } from "./repository.ts";
import { type FeedSite, type Member, PRIVATE_REASON, type TestHandle, useMemberFeedsFixture } from "./test/fixture.ts";

describe.each(testDatabaseTargets())("members' own feeds turned off or at private addresses on $dialect", (target) => {
  const fx = useMemberFeedsFixture(target);
  const { add, list, items, refresh } = fx;
  let handle: TestHandle;
  let app: FastifyInstance;
  let privateAllowed: FastifyInstance;
  let off: FastifyInstance;
  let site: FeedSite;
  let cat: Member;
  beforeAll(async () => {
    ({ handle, app, privateAllowed, off, site, cat } = fx);
    // The member whose follows outlast MEMBER_FEEDS=off follows a site's feed and a JSON feed.
    await fx.followSiteFeeds(cat);
  });

  it("turns off with MEMBER_FEEDS=off: 404s in plain words, no fetching, follows kept", async () => {
    const listed = (await off.inject({ method: "GET", url: "/api/me/feeds", cookies: cat.cookies })).json();
    expect(listed).toEqual({ feeds: [], limit: MAX_MEMBER_FEEDS, enabled: false });
    const key = memberFeedKey(`${site.base}/atom.xml`);
    for (const request of [
      add(cat, `${site.base}/other.xml`, off),
      off.inject({ method: "DELETE", url: `/api/me/feeds/${key}`, cookies: cat.cookies }),
      off.inject({ method: "GET", url: "/api/me/feeds.opml", cookies: cat.cookies }),
      off.inject({ method: "POST", url: "/api/me/feeds/opml", cookies: cat.cookies, payload: { opml: "<opml/>" } }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Following your own feeds is turned off on this Gemwire.");
    }
    expect((await items(cat, key, off)).statusCode).toBe(404);
    await handle.database.db.updateTable("feeds").set({ next_fetch_at: 0 }).execute();
    const before = site.hits("/atom.xml");
    await refresh(false);
    expect(site.hits("/atom.xml")).toBe(before);
    expect((await list(cat)).feeds.map((f: { url: string }) => f.url)).toContain(`${site.base}/atom.xml`);
  });

  it("never fetches a private address for a member, whatever ALLOW_PRIVATE_SOURCES says: adding, importing, refreshing", async () => {
    const hal = await joinAsMember(app, handle.database);
    const before = site.hits("/private.xml");
    // ALLOW_PRIVATE_SOURCES=1 and no stand-in internet: the local site is what it is, a private address.
    const added = await add(hal, `${site.base}/private.xml`, privateAllowed);
    expect(added.statusCode).toBe(400);
    expect(added.json().error.message).toMatch(PRIVATE_REASON);
    for (const address of [
      "http://intranet.test/feed.xml",
      "http://10.0.0.7/feed.xml",
      "http://[::1]/feed.xml",
      "http://169.254.169.254/latest/",
      `${site.base}/leaky/`,
    ]) {
      const answer = await add(hal, address);
      expect(answer.statusCode, address).toBe(400);
      expect(answer.json().error.message, address).toMatch(PRIVATE_REASON);
    }
    const imported = await privateAllowed.inject({
      method: "POST",
      url: "/api/me/feeds/opml",
      cookies: hal.cookies,
      payload: { opml: `<opml><body><outline xmlUrl="${site.base}/private.xml"/></body></opml>` },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().lines).toEqual([
      expect.objectContaining({ result: "refused", reason: expect.stringMatching(PRIVATE_REASON) }),
    ]);
    expect(site.hits("/private.xml")).toBe(before);

    // Followed when its name still led to a public server, say: the scheduled refresh refuses it too.
    const url = `${site.base}/private.xml`;
    await follow(
      handle.database,
      hal.id,
      { key: memberFeedKey(url), url, title: "Private", siteUrl: null },
      MAX_MEMBER_FEEDS,
      0,
    );
    await handle.database.db
      .updateTable("feeds")
      .set({ next_fetch_at: Date.now() + 86_400_000 })
      .execute();
    const scheduled = createMemberFeedFetch(loadConfig({ ALLOW_PRIVATE_SOURCES: "1" }), { timeoutMs: 5_000 });
    try {
      await refreshDueFeeds({ ...fx.refreshContext(), memberFeeds: { fetcher: scheduled } });
    } finally {
      await scheduled.close();
    }
    expect(site.hits("/private.xml")).toBe(before);
    const status = (await list(hal)).feeds.find((feed: { url: string }) => feed.url === url);
    expect(status).toMatchObject({ itemCount: 0, lastErrorReason: PRIVATE_REFUSED });
  });
});
