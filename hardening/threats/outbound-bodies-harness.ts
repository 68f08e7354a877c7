/**
 * What the T6–T7 tests (outbound-entities.test.ts, outbound-bombs.test.ts) share on each
 * database: the stand-in internet, the members' and the reader's apps living in it, the
 * built-in feeds' client as main.ts makes it, and the stored articles a test reads back.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { createGuardedFetch, DEFAULT_TIMEOUT_MS, type GuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import type { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, type TestDatabaseTarget } from "../../server/test/databases.ts";
import { type HostileBody, hostileBodies } from "./outbound-bodies-payloads.ts";
import { feedRefreshContext, type StandInInternet, startStandInInternet } from "./outbound-internet.ts";

/** The apps and clients of one database's tests; the fields are set before the file's tests run. */
export class BodiesHarness {
  net!: StandInInternet;
  handle!: TestDatabaseHandle;
  /** Members' feeds: ALLOW_PRIVATE_SOURCES=1 (it never applies to them), the stand-in internet. */
  members!: FastifyInstance;
  /** Reader and Extract: ALLOW_PRIVATE_SOURCES unset, the stand-in internet. */
  pages!: FastifyInstance;
  /** The bombs and endless bodies (only when asked for: building them takes a while). */
  bodies: HostileBody[] = [];
  /** The canary's origin: what the external entities point at. */
  canary = "";
  readonly clients: GuardedFetch[] = [];
  readonly config = loadConfig({ LOG_LEVEL: "silent" });
  /** Numbers the paths and items of the tests apart. */
  n = 0;
  private asked = 0;

  /** The built-in feeds' client as main.ts makes it, in the stand-in internet (with `timeoutMs` for the drip). */
  feedClient(timeoutMs = DEFAULT_TIMEOUT_MS) {
    const made = createGuardedFetch({ allowPrivate: this.config.allowPrivateSources, timeoutMs, ...this.net.policy });
    this.clients.push(made);
    return made;
  }

  refreshContext(fetcher: GuardedFetch) {
    return feedRefreshContext(this.handle.database, fetcher);
  }

  /** A fresh asker (address) per request, so no rate limit is what refuses. */
  nextAddress() {
    return `203.0.113.${(++this.asked % 250) + 1}`;
  }

  articles(key: string) {
    return this.handle.database.db
      .selectFrom("articles")
      .select(["id", "title", "description", "link"])
      .where("feed_key", "=", key)
      .orderBy("id")
      .execute();
  }

  /** `member` adds the feed at `address` to their own. */
  addFeed(member: Awaited<ReturnType<typeof joinAsMember>>, address: string) {
    return this.members.inject({
      method: "POST",
      url: "/api/me/feeds",
      payload: { address },
      cookies: member.cookies,
    });
  }
}

/** Starts the stand-in internet, the database and the apps before the calling file's tests, and stops them after. */
export function useBodiesHarness(target: TestDatabaseTarget, options: { bodies?: boolean } = {}): BodiesHarness {
  const h = new BodiesHarness();

  beforeAll(async () => {
    h.net = await startStandInInternet();
    h.canary = `http://127.0.0.1:${h.net.canaryPort}`;
    h.handle = await openTestDatabase(target);
    h.members = await buildTestApp(h.handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: `${h.canary}/api/v3` },
      memberFeeds: { fetchPolicy: h.net.policy },
    });
    h.pages = await buildTestApp(h.handle.database, {
      env: { PRICE_API_URL: `${h.canary}/api/v3` },
      analysis: { pageFetch: h.net.policy },
    });
    if (options.bodies) h.bodies = await hostileBodies();
  });

  afterAll(async () => {
    await Promise.all(h.clients.map((made) => made.close()));
    await Promise.allSettled([h.members.close()]);
    await h.pages.close();
    await h.handle.dispose();
    await h.net.close();
  });

  return h;
}
