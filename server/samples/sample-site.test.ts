import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { refreshDueFeeds } from "../modules/feeds/refresh.ts";
import { createMemberFeedFetch } from "../modules/member-feeds/fetch.ts";
import { createGuardedFetch } from "../outbound/guarded-fetch.ts";
import { joinAsMember } from "../test/accounts.ts";
import { useTestApp } from "../test/app.ts";
import { testDatabaseTargets } from "../test/databases.ts";
import { freePort } from "../test/free-port.ts";
import { SAMPLE_MEMBER_FEED_PATH, SAMPLE_SITE_PATH } from "./member-feed.ts";

describe("sample mode's site to follow by its address", () => {
  let port: number;
  let base: string;
  const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 5_000 });
  let memberFetcher: ReturnType<typeof createMemberFeedFetch>;

  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, async () => {
    // Sample mode's own address must be this server's: members' feeds reach nothing else on loopback.
    port = await freePort();
    return { env: { SAMPLE_MODE: "1", ALLOW_PRIVATE_SOURCES: "1", PORT: String(port) } };
  });
  beforeAll(async () => {
    await setup.app.listen({ port, host: "127.0.0.1" });
    base = `http://127.0.0.1:${port}`;
    memberFetcher = createMemberFeedFetch(setup.app.config, { timeoutMs: 5_000 });
  });
  // Registered after the app: closed before it.
  afterAll(async () => {
    await fetcher.close();
    await memberFetcher.close();
  });

  it("is found by its page's feed link, labelled as sample data, and its posts come in", async () => {
    const page = await setup.app.inject({ method: "GET", url: SAMPLE_SITE_PATH });
    expect(page.body).toContain("Sample data");
    const member = await joinAsMember(setup.app, setup.database);
    const added = await setup.app.inject({
      method: "POST",
      url: "/api/me/feeds",
      cookies: member.cookies,
      payload: { address: `${base}${SAMPLE_SITE_PATH}` },
    });
    expect(added.statusCode, added.body).toBe(201);
    const feed = added.json().feed;
    expect(feed).toMatchObject({
      title: "Ledger Lane (sample blog)",
      url: `${base}${SAMPLE_MEMBER_FEED_PATH}`,
      siteUrl: `${base}${SAMPLE_SITE_PATH}`,
    });
    await refreshDueFeeds({
      database: setup.database,
      sources: { feeds: [], relays: [] },
      fetcher,
      refreshMs: 300_000,
      retention: { maxItems: 1_000, maxAgeMs: 30 * 86_400_000 },
      holder: "sample-site-test",
      memberFeeds: { fetcher: memberFetcher },
      log: createLogger({ logLevel: "silent" }),
    });
    const items = await setup.app.inject({
      method: "GET",
      url: `/api/feeds/${feed.key}/items`,
      cookies: member.cookies,
    });
    expect(items.json().items.map((item: { title: string }) => item.title)).toEqual([
      "Bitcoin hits a record high as spot ETF inflows top $1.2 billion",
      "A beginner's checklist for self-custody",
      "Why network fees rise on busy weekends",
    ]);
    const post = await setup.app.inject({ method: "GET", url: new URL(items.json().items[0].link).pathname });
    expect(post.statusCode).toBe(200);
  });

  it("reaches nothing else on this server: a feed outside its sample pages is a private address", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const published = await setup.app.inject({ method: "GET", url: "/feeds/gemwire.json" });
    expect(published.statusCode).toBe(200);
    const added = await setup.app.inject({
      method: "POST",
      url: "/api/me/feeds",
      cookies: member.cookies,
      payload: { address: `${base}/feeds/gemwire.json` },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.message).toMatch(/private or local network/);
  });
});
